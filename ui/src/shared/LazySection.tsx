import Box from '@mui/material/Box';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Mounts `children` only when their place comes within `rootMargin` of the viewport. Below-the-fold
 * sections cost no script, style or layout work during the first paint; the placeholder keeps
 * roughly their height so the page does not jump when they arrive. Children may be lazy
 * components: their code is fetched only then, and the placeholder stays until it has arrived.
 */
export function LazySection({ children, minHeight, rootMargin = '400px 0px', testId }: { children: ReactNode; minHeight: number | Record<string, number>; rootMargin?: string; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver everything shows; the server's first-screen render
  // (no window) keeps the placeholder, as the browser's first paint does.
  const [visible, setVisible] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (visible || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible, rootMargin]);
  const placeholder = <Box ref={ref} aria-hidden="true" data-testid={testId ? `${testId}-pending` : undefined} sx={{ minHeight }} />;
  return visible ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
