import { useEffect, useState } from 'react';

/**
 * True once the page has scrolled past `threshold` px (passive listener, one state per flip).
 * Pages open at the top, and the position is read only in scroll events: reading scrollY during
 * the first commit would force a synchronous layout of the whole page.
 */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}
