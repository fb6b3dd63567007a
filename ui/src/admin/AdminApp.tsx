import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import SpaceDashboardOutlinedIcon from '@mui/icons-material/SpaceDashboardOutlined';
import HistoryIcon from '@mui/icons-material/History';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import CardGiftcardOutlinedIcon from '@mui/icons-material/CardGiftcardOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import ViewCarouselOutlinedIcon from '@mui/icons-material/ViewCarouselOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ReactNode } from 'react';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import { Link, Outlet, Route, Routes, useLocation } from 'react-router';
import { useDocumentTitle } from '../shared/documentTitle.ts';
import { Redirect } from '../shared/Redirect.tsx';
import { brand } from '../shared/theme.ts';
import { useAdminSession } from './adminSession.ts';
import AuditPage from './AuditPage.tsx';
import CustomerPage from './CustomerPage.tsx';
import CustomersPage from './CustomersPage.tsx';
import GiftCardsPage from './GiftCardsPage.tsx';
import DashboardPage from './DashboardPage.tsx';
import OrderPage from './OrderPage.tsx';
import { PackingSlipPage } from './PackingSlip.tsx';
import OrdersPage from './OrdersPage.tsx';

// The catalog screens are their own chunks (ui/src/admin/catalog/, built alongside).
const ProductsPage = lazy(() => import('./catalog/ProductsPage.tsx'));
const ProductEditPage = lazy(() => import('./catalog/ProductEditPage.tsx'));
const CategoriesPage = lazy(() => import('./catalog/CategoriesPage.tsx'));
const BannersPage = lazy(() => import('./catalog/BannersPage.tsx'));
const PromotionsPage = lazy(() => import('./promotions/PromotionsPage.tsx'));
const PromotionPage = lazy(() => import('./promotions/PromotionPage.tsx'));
const GstPage = lazy(() => import('./GstPage.tsx'));

const NAV: { to: string; label: string; icon: ReactNode }[] = [
  { to: '/admin', label: 'Dashboard', icon: <SpaceDashboardOutlinedIcon /> },
  { to: '/admin/orders', label: 'Orders', icon: <ReceiptLongOutlinedIcon /> },
  { to: '/admin/products', label: 'Products', icon: <Inventory2OutlinedIcon /> },
  { to: '/admin/categories', label: 'Categories', icon: <CategoryOutlinedIcon /> },
  { to: '/admin/banners', label: 'Banners', icon: <ViewCarouselOutlinedIcon /> },
  { to: '/admin/promotions', label: 'Promotions', icon: <LocalOfferOutlinedIcon /> },
  { to: '/admin/gift-cards', label: 'Gift cards', icon: <CardGiftcardOutlinedIcon /> },
  { to: '/admin/customers', label: 'Customers', icon: <PeopleAltOutlinedIcon /> },
  { to: '/admin/gst', label: 'GST', icon: <RequestQuoteOutlinedIcon /> },
  { to: '/admin/audit', label: 'Audit', icon: <HistoryIcon /> },
];

const SIDEBAR = 232;

/** The nav item a path belongs to: the longest prefix wins, so /admin/orders/o1 is Orders. */
function currentNav(pathname: string): string {
  const path = pathname.endsWith('/') && pathname.length > 1 ? pathname.slice(0, -1) : pathname;
  return NAV.filter((item) => path === item.to || path.startsWith(`${item.to}/`)).sort((a, b) => b.to.length - a.to.length)[0]?.to ?? '';
}

/**
 * The back office's sections: a column beside the screen from 992 px, a row of tabs that scrolls
 * sideways above it on phones. Plain links (no drawer): the storefront's chunks stay as they are.
 */
function AdminNav() {
  const { pathname } = useLocation();
  const current = currentNav(pathname);
  return (
    <Box
      component="nav"
      aria-label="Back office"
      sx={{
        bgcolor: '#fff',
        borderBottom: { xs: `1px solid ${brand.line}`, md: 0 },
        borderRight: { md: `1px solid ${brand.line}` },
        position: { md: 'sticky' },
        top: { md: 56 },
        zIndex: 9,
        width: { md: SIDEBAR },
        flexShrink: 0,
        minHeight: { md: 'calc(100vh - 56px)' },
        overflowX: { xs: 'auto', md: 'visible' },
      }}
    >
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: { xs: 0.75, md: 1.5 }, display: 'flex', flexDirection: { xs: 'row', md: 'column' }, gap: 0.5 }}>
        {NAV.map((item) => {
          const here = item.to === current;
          return (
            <li key={item.to}>
              <Box
                component={Link}
                to={item.to}
                aria-current={here ? 'page' : undefined}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.25,
                  px: { xs: 1.5, md: 2 },
                  py: { xs: 1, md: 1.25 },
                  borderRadius: 2,
                  whiteSpace: 'nowrap',
                  textDecoration: 'none',
                  fontWeight: here ? 700 : 500,
                  color: here ? brand.indigo : brand.ink,
                  bgcolor: here ? brand.indigoLight : 'transparent',
                  '&:hover': { bgcolor: brand.indigoLight },
                  '& svg': { fontSize: { xs: 20, md: 22 } },
                }}
              >
                <Box component="span" aria-hidden="true" sx={{ display: 'inline-flex' }}>
                  {item.icon}
                </Box>
                {item.label}
              </Box>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * The back office's own frame inside the shell's bare layout (which keeps the skip link, focus on
 * navigation, the snackbar and scroll to top): a top bar with the way back to the shop, and the
 * nav beside the screen (above it on phones).
 */
function AdminLayout() {
  const { pathname } = useLocation();
  const section = NAV.find((item) => item.to === currentNav(pathname))?.label;
  // The shell titles /admin/* as it knows no better; the section names it (a page may name it more closely).
  useDocumentTitle(section ? `${section} · Back office` : 'Back office');
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: brand.page }} data-testid="admin-layout">
      <Box sx={{ position: 'sticky', top: 0, zIndex: 10, display: 'flex', alignItems: 'center', gap: 1, px: { xs: 2, md: 3 }, height: 56, bgcolor: brand.indigo, color: '#fff' }}>
        <Typography component="p" sx={{ fontWeight: 800, fontSize: 18 }}>
          Back office
        </Typography>
        <Button component={Link} to="/" startIcon={<ArrowBackIcon />} sx={{ ml: 'auto', color: '#fff', textTransform: 'none' }}>
          Back to the shop
        </Button>
      </Box>
      <Box sx={{ display: { md: 'flex' }, alignItems: 'flex-start' }}>
        <AdminNav />
        <Box sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 4 } }}>
          <Suspense fallback={<Box role="progressbar" aria-label="Loading page" sx={{ minHeight: 320 }} />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}

/** Shown to a signed-in shopper who is not an admin: nothing of the back office, and no calls to it. */
function NotAllowed() {
  useDocumentTitle('Not allowed');
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, bgcolor: brand.page }} data-testid="admin-not-allowed">
      <Box sx={{ maxWidth: 460, textAlign: 'center', bgcolor: '#fff', border: `1px solid ${brand.line}`, borderRadius: 4, p: { xs: 3, md: 5 } }}>
        <LockOutlinedIcon sx={{ fontSize: 48, color: brand.muted }} />
        <Typography variant="h1" sx={{ fontSize: '1.5rem', mt: 1 }}>
          Not allowed
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          The back office is for the shop’s administrators. Your account is not one of them.
        </Typography>
        <Button component={Link} to="/" variant="contained" sx={{ mt: 3 }}>
          Back to the shop
        </Button>
      </Box>
    </Box>
  );
}

function AdminNotFound() {
  return (
    <Box data-testid="admin-not-found">
      <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
        Nothing here
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        This back-office page does not exist. <Link to="/admin">Go to the dashboard</Link>.
      </Typography>
    </Box>
  );
}

/**
 * `/admin/*`: the back office, one lazily loaded chunk of the app (the storefront never loads
 * it). Visitors go to /signIn; a signed-in non-admin sees "Not allowed" (once their profile says
 * they are not an admin since signing in either). The token's claim and the profile only decide
 * what is shown; every /api/admin call is checked by the server.
 */
export default function AdminApp() {
  const { signedIn, isAdmin, checking } = useAdminSession();
  if (!signedIn) return <Redirect to="/signIn" />;
  if (checking) return <CircularProgress aria-label="Checking your access" sx={{ display: 'block', mx: 'auto', mt: 10 }} />;
  if (!isAdmin) return <NotAllowed />;
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/:id" element={<OrderPage />} />
        <Route path="orders/:id/packing-slip" element={<PackingSlipPage />} />
        <Route path="products" element={<ProductsPage />} />
        <Route path="products/new" element={<ProductEditPage />} />
        <Route path="products/:id" element={<ProductEditPage />} />
        <Route path="categories" element={<CategoriesPage />} />
        <Route path="banners" element={<BannersPage />} />
        <Route path="promotions" element={<PromotionsPage />} />
        <Route path="promotions/:id" element={<PromotionPage />} />
        <Route path="customers" element={<CustomersPage />} />
        <Route path="gift-cards" element={<GiftCardsPage />} />
        <Route path="customers/:id" element={<CustomerPage />} />
        <Route path="gst" element={<GstPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="*" element={<AdminNotFound />} />
      </Route>
    </Routes>
  );
}
