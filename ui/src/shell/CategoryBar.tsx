import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { useGetCategoriesQuery } from '../api/shopApi.ts';
import { brand } from '../app/theme.ts';
import { FREE_DELIVERY_OVER } from '../lib/constants.ts';
import { categoryPath, subCategoryPath } from '../lib/links.ts';
import { useLazyOpen } from './useLazyOpen.ts';

const NavDrawer = lazy(() => import('./NavDrawer.tsx'));

const BAR_CATEGORIES = 7;

const navLinkSx = {
  display: 'inline-flex',
  alignItems: 'center',
  height: 48,
  px: 1.5,
  fontSize: 14.5,
  fontWeight: 600,
  color: brand.ink,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  borderRadius: 2,
  '&:hover, &.active': { color: brand.indigo },
} as const;

/** Wide-screen category navigation: All Categories sidebar, the first seven categories with submenus. */
export function CategoryBar() {
  const { data: categories = [] } = useGetCategoriesQuery();
  const sidebar = useLazyOpen();
  return (
    <Box component="nav" aria-label="Categories" sx={{ borderTop: `1px solid ${brand.line}`, bgcolor: '#fff' }}>
      <Container maxWidth="xl" sx={{ display: 'flex', alignItems: 'center', gap: 2, height: 52 }}>
        <Button variant="contained" color="secondary" startIcon={<MenuIcon />} onClick={sidebar.show} sx={{ height: 40, flexShrink: 0, px: 2.5 }}>
          All Categories
        </Button>
        <Box component="ul" sx={{ display: 'flex', alignItems: 'center', listStyle: 'none', m: 0, p: 0, gap: 0.5, flex: 1, minWidth: 0 }}>
          <li>
            <Box component={NavLink} to="/" end sx={navLinkSx}>
              Home
            </Box>
          </li>
          {categories.slice(0, BAR_CATEGORIES).map((cat) => (
            <Box component="li" key={cat.id} sx={{ position: 'relative', '&:hover > .submenu, &:focus-within > .submenu': { opacity: 1, visibility: 'visible', transform: 'translateY(0)' } }}>
              <Box component={NavLink} to={categoryPath(cat.id)} sx={navLinkSx}>
                {cat.name}
                {cat.children.length > 0 && <KeyboardArrowDownIcon sx={{ fontSize: 18, ml: 0.25, color: 'text.secondary' }} />}
              </Box>
              {cat.children.length > 0 && (
                <Box
                  className="submenu"
                  sx={{
                    position: 'absolute',
                    top: '100%',
                    left: 0,
                    minWidth: 220,
                    bgcolor: '#fff',
                    borderRadius: 2,
                    boxShadow: '0 12px 32px rgba(20,42,102,.16)',
                    py: 1,
                    zIndex: 1300,
                    opacity: 0,
                    visibility: 'hidden',
                    transform: 'translateY(6px)',
                    transition: 'opacity .15s, transform .15s, visibility .15s',
                  }}
                >
                  {cat.children.map((sub) => (
                    <Box
                      key={sub.id}
                      component={Link}
                      to={subCategoryPath(sub.id)}
                      sx={{ display: 'block', px: 2, py: 1, fontSize: 14, color: brand.ink, textDecoration: 'none', '&:hover': { bgcolor: brand.indigoLight, color: brand.indigo } }}
                    >
                      {sub.name}
                    </Box>
                  ))}
                </Box>
              )}
            </Box>
          ))}
        </Box>
        <Box sx={{ display: { xs: 'none', lg: 'flex' }, alignItems: 'center', gap: 1, color: 'text.secondary', fontSize: 13, flexShrink: 0 }}>
          <LocalShippingOutlinedIcon fontSize="small" sx={{ color: brand.green }} />
          Free delivery over Rs {FREE_DELIVERY_OVER}
        </Box>
      </Container>
      {sidebar.mounted && (
        <Suspense fallback={null}>
          <NavDrawer open={sidebar.open} onClose={sidebar.hide} withPages={false} />
        </Suspense>
      )}
    </Box>
  );
}
