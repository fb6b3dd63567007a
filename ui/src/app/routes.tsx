import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { Redirect } from '../lib/Redirect.tsx';
import { Layout } from '../shell/Layout.tsx';

// One chunk per page (route-level code splitting).
const HomePage = lazy(() => import('../home/HomePage.tsx'));
const ListingPage = lazy(() => import('../listing/ListingPage.tsx'));
const ProductPage = lazy(() => import('../product/ProductPage.tsx'));
const SearchPage = lazy(() => import('../search/SearchPage.tsx'));
const CartPage = lazy(() => import('../cart/CartPage.tsx'));
const SignInPage = lazy(() => import('../auth/SignInPage.tsx'));
const SignUpPage = lazy(() => import('../auth/SignUpPage.tsx'));
const VerifyOtpPage = lazy(() => import('../auth/VerifyOtpPage.tsx'));
const ChangePasswordPage = lazy(() => import('../auth/ChangePasswordPage.tsx'));
const MyListPage = lazy(() => import('../my-list/MyListPage.tsx'));
const CheckoutPage = lazy(() => import('../checkout/CheckoutPage.tsx'));
const OrdersPage = lazy(() => import('../orders/OrdersPage.tsx'));
const MyAccountPage = lazy(() => import('../account/MyAccountPage.tsx'));
const NotFoundPage = lazy(() => import('../shell/NotFoundPage.tsx'));

/** The route table of spec §2. */
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
        <Route path="orders" element={<OrdersPage />} />
        <Route path="my-account" element={<MyAccountPage />} />
        <Route path="verifyOTP" element={<VerifyOtpPage />} />
        <Route path="changePassword" element={<ChangePasswordPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
