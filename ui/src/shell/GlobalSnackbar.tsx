import { lazy, Suspense } from 'react';
import { useAppSelector } from '../store/store.ts';

const SnackbarView = lazy(() => import('./SnackbarView.tsx'));

/** The shell's one alert; its code loads with the first message. */
export function GlobalSnackbar() {
  const used = useAppSelector((s) => s.snackbar.key > 0);
  return used ? (
    <Suspense fallback={null}>
      <SnackbarView />
    </Suspense>
  ) : null;
}
