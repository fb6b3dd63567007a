import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCompareList } from '../shared/compareList.ts';
import { LazySection } from '../shared/LazySection.tsx';
import { useIsDesktop } from '../shared/useIsDesktop.ts';
import { useAppDispatch, useAppSelector } from '../store/store.ts';
import { filtersToggled, mobileSearchToggled, quickViewClosed } from '../store/uiSlice.ts';
import { BOTTOM_BAR_HEIGHT, BottomBar } from './BottomBar.tsx';
import { GlobalSnackbar } from './GlobalSnackbar.tsx';
import { Header } from './Header.tsx';
import css from './Layout.module.css';
import { PageFallback } from './PageFallback.tsx';
import { ScrollTopButton } from './ScrollTopButton.tsx';
import { focusMainHeading, MAIN_ID, useNavigationAnnouncements } from './useMainFocus.ts';

const QuickViewDialog = lazy(() => import('../product/QuickViewDialog.tsx'));
// Loaded only once a shopper has put something into the compare tray.
const CompareTray = lazy(() => import('../compare/CompareTray.tsx'));
/** The compare tray's height and its gap above the bottom edge (or the bottom bar). */
const TRAY_ROOM = 72;
// Below the fold on first paint everywhere: its code loads when it comes near the viewport.
const Footer = lazy(() => import('./Footer.tsx').then((m) => ({ default: m.Footer })));
const FOOTER_HEIGHT = { xs: 1100, md: 620 };

/**
 * Screens shown without header and footer (sign in, sign up, code, change password), and the
 * back office, which has its own frame.
 */
export const BARE_ROUTES = ['/signIn', '/signUp', '/verifyOTP', '/changePassword'];

export function isBareRoute(pathname: string): boolean {
  return pathname.startsWith('/admin') || BARE_ROUTES.some((route) => pathname.toLowerCase() === route.toLowerCase());
}

/** The application shell around every page. */
export function Layout() {
  const { pathname, search } = useLocation();
  const desktop = useIsDesktop();
  const dispatch = useAppDispatch();
  const quickViewId = useAppSelector((s) => s.ui.quickViewId);
  const bare = isBareRoute(pathname);
  const compared = useCompareList();
  useNavigationAnnouncements(pathname, search);

  // Every page starts at the top; transient panels close on navigation. The first page of a visit
  // already starts at the top (main.tsx turns the browser's scroll restoration off), so no
  // scrollTo then: it would force a layout during the first commit.
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    window.scrollTo(0, 0);
    dispatch(filtersToggled(false));
    dispatch(mobileSearchToggled(false));
    dispatch(quickViewClosed());
  }, [pathname, dispatch]);

  const showBottomBar = !bare && !desktop;
  const showTray = !bare && compared.length > 0 && pathname !== '/compare';
  // Room under the page's end for the fixed bars, so nothing stays hidden behind them.
  const bottomRoom = (showBottomBar ? BOTTOM_BAR_HEIGHT : 0) + (showTray ? TRAY_ROOM : 0);
  return (
    <div className={css.page} style={{ paddingBottom: bottomRoom || undefined }}>
      <a
        href={`#${MAIN_ID}`}
        className={css.skipLink}
        onClick={(event) => {
          event.preventDefault();
          if (!focusMainHeading()) document.getElementById(MAIN_ID)?.focus();
        }}
      >
        Skip to content
      </a>
      {!bare && <Header />}
      <main className={css.main} id={MAIN_ID} tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {!bare && (
        <LazySection minHeight={FOOTER_HEIGHT} rootMargin="200px 0px">
          <Footer />
        </LazySection>
      )}
      {showBottomBar && <BottomBar />}
      {!bare && <ScrollTopButton bottom={showBottomBar ? BOTTOM_BAR_HEIGHT + 16 : 24} />}
      {showTray && (
        <Suspense fallback={null}>
          <CompareTray items={compared} bottom={showBottomBar ? BOTTOM_BAR_HEIGHT + 12 : 24} />
        </Suspense>
      )}
      {quickViewId && (
        <Suspense fallback={null}>
          <QuickViewDialog productId={quickViewId} onClose={() => dispatch(quickViewClosed())} />
        </Suspense>
      )}
      <GlobalSnackbar />
    </div>
  );
}
