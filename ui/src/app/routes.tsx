import { Route, Routes } from 'react-router';
import { Redirect } from '../shared/Redirect.tsx';
import { Layout } from '../shell/Layout.tsx';
import { lazyPage } from './lazyPage.ts';

// One chunk per page (route-level code splitting).
const HomePage = lazyPage(() => import('../home/HomePage.tsx'));
const ListingPage = lazyPage(() => import('../listing/ListingPage.tsx'));
const ProductPage = lazyPage(() => import('../product/ProductPage.tsx'));
const SearchPage = lazyPage(() => import('../listing/SearchPage.tsx'));
const CartPage = lazyPage(() => import('../cart/CartPage.tsx'));
const SignInPage = lazyPage(() => import('../auth/SignInPage.tsx'));
const SignUpPage = lazyPage(() => import('../auth/SignUpPage.tsx'));
const VerifyOtpPage = lazyPage(() => import('../auth/VerifyOtpPage.tsx'));
const ChangePasswordPage = lazyPage(() => import('../auth/ChangePasswordPage.tsx'));
const MyListPage = lazyPage(() => import('../my-list/MyListPage.tsx'));
const CheckoutPage = lazyPage(() => import('../checkout/CheckoutPage.tsx'));
const OrdersPage = lazyPage(() => import('../orders/OrdersPage.tsx'));
const OrderPage = lazyPage(() => import('../orders/OrderPage.tsx'));
const OrderPlacedPage = lazyPage(() => import('../orders/OrderPlacedPage.tsx'));
const ConfirmCodPage = lazyPage(() => import('../checkout/ConfirmCodPage.tsx'));
const GiftCardsPage = lazyPage(() => import('../checkout/GiftCardsPage.tsx'));
const MyAccountPage = lazyPage(() => import('../account/MyAccountPage.tsx'));
const ComparePage = lazyPage(() => import('../compare/ComparePage.tsx'));
// The back office: one chunk for all of /admin/* (its catalog screens load on their own).
const AdminApp = lazyPage(() => import('../admin/AdminApp.tsx'));
const NotFoundPage = lazyPage(() => import('../shell/NotFoundPage.tsx'));

/** The page chunk for a path, to load before the first render (index.html preloads its files). */
export function preloadPageFor(pathname: string): Promise<unknown> {
  if (pathname === '/') return HomePage.preload();
  if (pathname.startsWith('/products/')) return ListingPage.preload();
  if (pathname.startsWith('/product/')) return ProductPage.preload();
  if (pathname === '/search') return SearchPage.preload();
  return Promise.resolve();
}

/**
 * The storefront's routes: the original shop's paths (bookmarks and links keep working), plus
 * /compare, /admin, /gift-cards, an order's own page (/orders/:id) and its confirmation (/orders/:id/placed).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        {/* A server that answers / with index.html by name still lands on Home. */}
        <Route path="index.html" element={<Redirect to="/" />} />
        <Route path="products/category/:id" element={<ListingPage kind="category" />} />
        <Route path="products/subCat/:id" element={<ListingPage kind="subCat" />} />
        <Route path="product/:id" element={<ProductPage />} />
        <Route path="search" element={<SearchPage />} />
        <Route path="cart" element={<CartPage />} />
        <Route path="signIn" element={<SignInPage />} />
        <Route path="signUp" element={<SignUpPage />} />
        <Route path="my-list" element={<MyListPage />} />
        <Route path="checkout" element={<CheckoutPage />} />
        <Route path="gift-cards" element={<GiftCardsPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/:id" element={<OrderPage />} />
        <Route path="orders/:id/placed" element={<OrderPlacedPage />} />
        {/* The link in a cash-on-delivery order's e-mail. */}
        <Route path="orders/:id/confirm-cod" element={<ConfirmCodPage />} />
        <Route path="my-account" element={<MyAccountPage />} />
        <Route path="compare" element={<ComparePage />} />
        {/* The back office: the shell shows it bare (no storefront header or footer), it brings its own frame. */}
        <Route path="admin/*" element={<AdminApp />} />
        <Route path="verifyOTP" element={<VerifyOtpPage />} />
        <Route path="changePassword" element={<ChangePasswordPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
