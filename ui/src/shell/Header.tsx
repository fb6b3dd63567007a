import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { brand } from '../app/theme.ts';
import { HEADER_FIX_AT } from '../lib/constants.ts';
import { useIsDesktop } from '../lib/useIsDesktop.ts';
import { useScrolledPast } from '../lib/useScrollY.ts';
import { useAppDispatch, useAppSelector } from '../store/store.ts';
import { mobileSearchToggled } from '../store/uiSlice.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { CartButton } from './CartButton.tsx';
import { CategoryBar } from './CategoryBar.tsx';
import { LocationButton } from './LocationButton.tsx';
import { Logo } from './Logo.tsx';
import { SaleStrip } from './SaleStrip.tsx';
import { SearchBox } from './SearchBox.tsx';
import { useLazyOpen } from './useLazyOpen.ts';

const NavDrawer = lazy(() => import('./NavDrawer.tsx'));

/**
 * Sale strip, logo, location, search, account and cart, then the category bar. Past 100 px of
 * scroll the header becomes fixed; its slot keeps the measured height so the page never jumps.
 */
export function Header() {
  const desktop = useIsDesktop();
  const fixed = useScrolledPast(HEADER_FIX_AT);
  const inner = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  const menu = useLazyOpen();
  const mobileSearch = useAppSelector((s) => s.ui.mobileSearchOpen);
  const dispatch = useAppDispatch();

  // Remember the in-flow height while the header is in flow; the slot keeps it when fixed.
  useLayoutEffect(() => {
    const el = inner.current;
    if (!el || fixed) return;
    const measure = () => setHeight(el.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [fixed]);

  return (
    <Box component="header" sx={{ height: fixed && height !== null ? height : 'auto', position: 'relative', zIndex: 1100 }}>
      <Box
        ref={inner}
        data-testid="site-header"
        data-fixed={fixed ? 'true' : 'false'}
        sx={{
          position: fixed ? 'fixed' : 'relative',
          top: 0,
          left: 0,
          right: 0,
          bgcolor: '#fff',
          boxShadow: fixed ? '0 6px 24px rgba(20,42,102,.12)' : `0 1px 0 ${brand.line}`,
          animation: fixed ? 'headerIn .25s ease-out' : 'none',
          '@keyframes headerIn': { from: { transform: 'translateY(-100%)' }, to: { transform: 'translateY(0)' } },
        }}
      >
        {!fixed && <SaleStrip />}
        <Container maxWidth="xl" sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, md: 3 }, height: { xs: 64, md: fixed ? 72 : 88 } }}>
          {!desktop && (
            <IconButton edge="start" aria-label="Open navigation" onClick={menu.show}>
              <MenuIcon />
            </IconButton>
          )}
          <Logo compact={!desktop} />
          {/* One location button at one place in the tree, so its dialog survives a resize. */}
          <LocationButton compact={!desktop} />
          {desktop ? <SearchBox /> : <Box sx={{ flex: 1 }} />}
          <AccountMenu compact={!desktop} />
          <CartButton showTotal={desktop} />
        </Container>
        {!desktop && mobileSearch && (
          <Container maxWidth="xl" sx={{ pb: 1.5 }} data-testid="mobile-search">
            <SearchBox autoFocus onDone={() => dispatch(mobileSearchToggled(false))} />
          </Container>
        )}
        {desktop && <CategoryBar />}
      </Box>
      {!desktop && menu.mounted && (
        <Suspense fallback={null}>
          <NavDrawer open={menu.open} onClose={menu.hide} withPages />
        </Suspense>
      )}
    </Box>
  );
}
