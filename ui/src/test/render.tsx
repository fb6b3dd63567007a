import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { Product } from '../api/types.ts';
import { theme } from '../shared/theme.ts';
import type { SessionState } from '../session/sessionSlice.ts';
import { createStore } from '../store/store.ts';

export const VISITOR: SessionState = { token: null, user: null, location: 'All' };
export const SHOPPER: SessionState = { token: 'test-token', user: { userId: 'u1', name: 'Asha', email: 'asha@example.in' }, location: 'All' };

/** Where the router is now, for assertions on navigation. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location-probe">{location.pathname + location.search}</div>;
}

/** Renders with the real store, theme and a memory router at `route`. */
export function renderWithShop(ui: ReactElement, { route = '/', session = VISITOR }: { route?: string; session?: SessionState } = {}) {
  const store = createStore({ session });
  const result = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
  return { ...result, store };
}

/** A fetch stub answering JSON by path; unknown paths get 404. Returns the calls made. */
export function stubApi(routes: Record<string, unknown>) {
  const calls: string[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    calls.push(url.pathname + url.search);
    const body = routes[url.pathname];
    return new Response(JSON.stringify(body ?? { msg: 'Not found' }), { status: body === undefined ? 404 : 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p1',
    id: 'p1',
    name: 'Rangrez Floral Straight Jeans, Black',
    brand: 'Rangrez',
    description: 'Double-stitched seams hold up to daily wear.',
    images: ['/images/seed/product/a.svg', '/images/seed/product/b.svg'],
    price: 1699,
    oldPrice: 1999,
    discount: 15,
    rating: 4.5,
    numReviews: 0,
    countInStock: 3,
    isFeatured: false,
    catId: 'c1',
    catName: 'Fashion',
    subCatId: 's1',
    subCatName: 'Womenswear',
    productRam: [],
    size: [],
    productWeight: [],
    location: [{ value: 'All', label: 'All' }],
    dateCreated: '2025-12-31T04:26:04.000Z',
    ...overrides,
  };
}

/** A token whose payload says what we want (the UI only reads it; the server verifies it). */
export function fakeToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/={1,2}$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'admin-1', email: 'auditor@example.in', ...claims })}.signature`;
}

/** An admin (isAdmin: true in the token payload). */
export const ADMIN: SessionState = { token: fakeToken({ isAdmin: true }), user: { userId: 'admin-1', name: 'Auditor', email: 'auditor@example.in' }, location: 'All' };
