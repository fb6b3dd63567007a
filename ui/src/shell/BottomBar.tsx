import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { brand } from '../shared/theme.ts';
import { useSession } from '../session/hooks.ts';
import { useAppDispatch, useAppSelector } from '../store/store.ts';
import { filtersToggled, mobileSearchToggled } from '../store/uiSlice.ts';

export const BOTTOM_BAR_HEIGHT = 62;

/** Pages with the filter sidebar: the two listings and search results. */
export function hasFilters(pathname: string): boolean {
  return pathname.startsWith('/products/') || pathname === '/search';
}

function Item({ icon, label, to, onClick, active }: { icon: ReactNode; label: string; to?: string; onClick?: () => void; active?: boolean }) {
  const sx = {
    flex: 1,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 0.25,
    fontSize: 11,
    fontWeight: 600,
    color: active ? brand.indigo : brand.muted,
    textDecoration: 'none',
    height: '100%',
  } as const;
  return to ? (
    <ButtonBase component={Link} to={to} sx={sx} aria-label={label}>
      {icon}
      {label}
    </ButtonBase>
  ) : (
    <ButtonBase onClick={onClick} sx={sx} aria-label={label}>
      {icon}
      {label}
    </ButtonBase>
  );
}

/** Below 992 px: Home, Filters (listing pages), Search, Wishlist, Orders, Account. */
export function BottomBar() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const searchOpen = useAppSelector((s) => s.ui.mobileSearchOpen);
  const { signedIn } = useSession();
  return (
    <Box
      component="nav"
      aria-label="Shortcuts"
      data-testid="bottom-bar"
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        height: BOTTOM_BAR_HEIGHT,
        bgcolor: '#fff',
        borderTop: `1px solid ${brand.line}`,
        boxShadow: '0 -6px 20px rgba(20,42,102,.08)',
        display: 'flex',
        zIndex: 1200,
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <Item icon={<HomeOutlinedIcon />} label="Home" to="/" active={pathname === '/'} />
      {hasFilters(pathname) && <Item icon={<TuneIcon />} label="Filters" onClick={() => dispatch(filtersToggled(true))} />}
      <Item
        icon={<SearchIcon />}
        label="Search"
        active={searchOpen}
        onClick={() => {
          dispatch(mobileSearchToggled());
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
      <Item icon={<FavoriteBorderIcon />} label="Wishlist" to="/my-list" active={pathname === '/my-list'} />
      <Item icon={<ReceiptLongOutlinedIcon />} label="Orders" to="/orders" active={pathname === '/orders'} />
      <Item icon={<PersonOutlinedIcon />} label="Account" to={signedIn ? '/my-account' : '/signIn'} active={pathname === '/my-account'} />
    </Box>
  );
}
