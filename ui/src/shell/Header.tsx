import MenuIcon from '@mui/icons-material/Menu';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { HEADER_FIX_AT } from '../shared/constants.ts';
import { useIsDesktop } from '../shared/useIsDesktop.ts';
import { useScrolledPast } from '../shared/useScrollY.ts';
import { useAppDispatch, useAppSelector } from '../store/store.ts';
import { mobileSearchToggled } from '../store/uiSlice.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { CartButton } from './CartButton.tsx';
import { CategoryBar } from './CategoryBar.tsx';
import css from './Header.module.css';
import { LocationButton } from './LocationButton.tsx';
import { Logo } from '../shared/Logo.tsx';
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
  // The observer reports after layout (no forced synchronous layout on the first render).
  useEffect(() => {
    const el = inner.current;
    if (!el || fixed) return;
    const observer = new ResizeObserver((entries) => {
      const size = entries[0]?.borderBoxSize?.[0]?.blockSize;
      setHeight(size !== undefined ? Math.round(size) : el.offsetHeight);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [fixed]);

  return (
    <header className={css.slot} style={{ height: fixed && height !== null ? height : undefined }}>
      <div ref={inner} data-testid="site-header" data-fixed={fixed ? 'true' : 'false'} className={`${css.bar} ${fixed ? css.fixed : ''}`}>
        {!fixed && <SaleStrip />}
        <div className={`container ${css.row}`}>
          {!desktop && (
            <IconButton edge="start" aria-label="Open navigation" onClick={menu.show}>
              <MenuIcon />
            </IconButton>
          )}
          <Logo compact={!desktop} />
          {/* One location button at one place in the tree, so its dialog survives a resize. */}
          <LocationButton compact={!desktop} />
          {desktop ? <SearchBox /> : <div className={css.spacer} />}
          <AccountMenu compact={!desktop} />
          <CartButton showTotal={desktop} />
        </div>
        {!desktop && mobileSearch && (
          <div className={`container ${css.mobileSearch}`} data-testid="mobile-search">
            <SearchBox autoFocus onDone={() => dispatch(mobileSearchToggled(false))} />
          </div>
        )}
        {desktop && <CategoryBar />}
      </div>
      {!desktop && menu.mounted && (
        <Suspense fallback={null}>
          <NavDrawer open={menu.open} onClose={menu.hide} withPages />
        </Suspense>
      )}
    </header>
  );
}
