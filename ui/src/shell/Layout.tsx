import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useIsDesktop } from '../lib/useIsDesktop.ts';
import { useAppDispatch, useAppSelector } from '../store/store.ts';
import { filtersToggled, mobileSearchToggled, quickViewClosed } from '../store/uiSlice.ts';
import { BOTTOM_BAR_HEIGHT, BottomBar } from './BottomBar.tsx';
import { Footer } from './Footer.tsx';
import { GlobalSnackbar } from './GlobalSnackbar.tsx';
import { Header } from './Header.tsx';
import { PageFallback } from './PageFallback.tsx';
import { ScrollTopButton } from './ScrollTopButton.tsx';

const QuickViewDialog = lazy(() => import('../product/QuickViewDialog.tsx'));

/** Screens shown without header and footer (spec §2). */
export const BARE_ROUTES = ['/signIn', '/signUp', '/verifyOTP', '/changePassword'];

export function isBareRoute(pathname: string): boolean {
  return BARE_ROUTES.some((route) => pathname.toLowerCase() === route.toLowerCase());
}

/** The application shell around every page. */
export function Layout() {
  const { pathname } = useLocation();
  const desktop = useIsDesktop();
  const dispatch = useAppDispatch();
  const quickViewId = useAppSelector((s) => s.ui.quickViewId);
  const bare = isBareRoute(pathname);

  // Every page starts at the top; transient panels close on navigation.
  useEffect(() => {
    window.scrollTo(0, 0);
    dispatch(filtersToggled(false));
    dispatch(mobileSearchToggled(false));
    dispatch(quickViewClosed());
  }, [pathname, dispatch]);

  const showBottomBar = !bare && !desktop;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', pb: showBottomBar ? `${BOTTOM_BAR_HEIGHT}px` : 0 }}>
      {!bare && <Header />}
      <Box component="main" sx={{ flex: 1, minHeight: '60vh' }}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </Box>
      {!bare && <Footer />}
      {showBottomBar && <BottomBar />}
      {!bare && <ScrollTopButton bottom={showBottomBar ? BOTTOM_BAR_HEIGHT + 16 : 24} />}
      {quickViewId && (
        <Suspense fallback={null}>
          <QuickViewDialog productId={quickViewId} onClose={() => dispatch(quickViewClosed())} />
        </Suspense>
      )}
      <GlobalSnackbar />
    </Box>
  );
}
