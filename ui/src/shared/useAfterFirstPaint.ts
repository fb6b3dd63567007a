import { useEffect, useState } from 'react';

/**
 * False for the first paint, true once the browser is idle after it (at most `timeout` ms later).
 * Above-the-fold carousels paint a static first frame, then upgrade to Swiper: the first paint
 * does not pay for Swiper's code and layout work.
 */
export function useAfterFirstPaint(timeout = 1200): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setReady(true), 0);
    return () => window.clearTimeout(id);
  }, [timeout]);
  return ready;
}
