import { lazy, Suspense, useState } from 'react';
import { SCROLL_TOP_AT } from '../shared/constants.ts';
import { useScrolledPast } from '../shared/useScrollY.ts';

const ScrollTopFab = lazy(() => import('./ScrollTopFab.tsx'));

/** Appears after 500 px of scroll; smooth-scrolls back to the top. */
export function ScrollTopButton({ bottom }: { bottom: number }) {
  const show = useScrolledPast(SCROLL_TOP_AT);
  // Nothing to load, render or style until the page has been scrolled that far once.
  const [shown, setShown] = useState(show);
  if (show && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ScrollTopFab show={show} bottom={bottom} />
    </Suspense>
  );
}
