import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialSession } from '../session/sessionSlice.ts';
import { normaliseLocation, readLocation, STORAGE_KEYS, storeLocation } from '../session/storage.ts';
import { renderWithShop, stubApi } from '../test/render.tsx';
import { filterCountries } from './countries.ts';
import LocationDialog from './LocationDialog.tsx';

const COUNTRIES = [
  { country: 'India', iso2: 'IN' },
  { country: 'Indonesia', iso2: 'ID' },
  { country: 'United States', iso2: 'US' },
  { country: 'British Indian Ocean Territory', iso2: 'IO' },
];

describe('location storage', () => {
  it('stores the two-letter code or All under `location`, defaulting to All', () => {
    expect(readLocation()).toBe('All');
    expect(storeLocation('in')).toBe('IN');
    expect(localStorage.getItem(STORAGE_KEYS.location)).toBe('IN');
    expect(storeLocation('All')).toBe('All');
    expect(localStorage.getItem('location')).toBe('All');
    expect(normaliseLocation('India')).toBe('All');
  });

  it('is read once at load into the session', () => {
    localStorage.setItem('location', 'US');
    expect(initialSession().location).toBe('US');
  });
});

describe('country search', () => {
  it('matches names case-insensitively', () => {
    expect(filterCountries(COUNTRIES, 'INDI').map((c) => c.iso2)).toEqual(['IN', 'IO']);
    expect(filterCountries(COUNTRIES, 'ind').map((c) => c.iso2)).toEqual(['IN', 'ID', 'IO']);
    expect(filterCountries(COUNTRIES, '  united ').map((c) => c.iso2)).toEqual(['US']);
    expect(filterCountries(COUNTRIES, '')).toHaveLength(4);
  });
});

describe('LocationDialog', () => {
  it('filters the countries, stores the chosen code and goes home', async () => {
    stubApi({ '/api/countries': COUNTRIES });
    const { store } = renderWithShop(<LocationDialog open onClose={() => undefined} />, { route: '/products/category/c1' });
    await screen.findByText('Indonesia');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search your area' }), { target: { value: 'INDIA' } });
    await waitFor(() => expect(screen.queryByText('Indonesia')).not.toBeInTheDocument());
    expect(screen.getByText('British Indian Ocean Territory')).toBeInTheDocument();
    fireEvent.click(screen.getByText('India'));
    expect(localStorage.getItem('location')).toBe('IN');
    expect(store.getState().session.location).toBe('IN');
    expect(screen.getByTestId('location-probe')).toHaveTextContent(/^\/$/);
  });

  it('offers All to clear the filter', async () => {
    localStorage.setItem('location', 'IN');
    stubApi({ '/api/countries': COUNTRIES });
    renderWithShop(<LocationDialog open onClose={() => undefined} />, { session: { token: null, user: null, location: 'IN' } });
    fireEvent.click(await screen.findByText('All countries'));
    expect(localStorage.getItem('location')).toBe('All');
  });
});
