import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct, renderWithShop, stubApi } from '../test/render.tsx';
import { missingOptions, NO_SELECTIONS, optionsReady, visibleOptions } from './choosers.ts';
import { ProductDetailBody } from './ProductDetailBody.tsx';

describe('option rules', () => {
  const phone = makeProduct({ productRam: ['8GB', '16GB'], size: [], productWeight: [] });
  const plain = makeProduct();

  it('shows only the choosers with values', () => {
    expect(visibleOptions(phone)).toEqual(['productRam']);
    expect(visibleOptions(makeProduct({ size: ['S', 'M'], productWeight: ['1kg'] }))).toEqual(['size', 'productWeight']);
    expect(visibleOptions(plain)).toEqual([]);
  });

  it('requires a choice when values exist and counts absent choosers as preselected', () => {
    expect(optionsReady(phone, NO_SELECTIONS)).toBe(false);
    expect(missingOptions(phone, NO_SELECTIONS)).toEqual(['productRam']);
    expect(optionsReady(phone, { ...NO_SELECTIONS, productRam: '16GB' })).toBe(true);
    expect(optionsReady(phone, { ...NO_SELECTIONS, productRam: '64GB' })).toBe(false);
    expect(optionsReady(plain, NO_SELECTIONS)).toBe(true);
  });
});

describe('choosers on the product detail body', () => {
  it('gives the RAM chooser the error look, with no message, when Add to cart comes first', () => {
    stubApi({});
    const { store } = renderWithShop(<ProductDetailBody product={makeProduct({ productRam: ['8GB', '16GB'] })} reviewCount={0} />);
    const chooser = screen.getByTestId('chooser-productRam');
    expect(chooser).toHaveAttribute('data-error', 'false');
    fireEvent.click(screen.getByTestId('add-to-cart'));
    expect(chooser).toHaveAttribute('data-error', 'true');
    expect(store.getState().snackbar.open).toBe(false);
    fireEvent.click(within(chooser).getByRole('radio', { name: '16GB' }));
    expect(chooser).toHaveAttribute('data-error', 'false');
    expect(within(chooser).getByRole('radio', { name: '16GB' })).toHaveAttribute('aria-checked', 'true');
    // Chosen: the cart step runs, and a visitor is asked to log in.
    fireEvent.click(screen.getByTestId('add-to-cart'));
    expect(store.getState().snackbar).toMatchObject({ open: true, severity: 'error', message: 'Please login first' });
  });

  it('has no choosers and goes straight to the cart step when the product has no options', () => {
    stubApi({});
    const { store } = renderWithShop(<ProductDetailBody product={makeProduct()} reviewCount={0} />);
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('add-to-cart'));
    expect(store.getState().snackbar.message).toBe('Please login first');
  });

  it('shows every chooser the product has values for', () => {
    stubApi({});
    renderWithShop(<ProductDetailBody product={makeProduct({ size: ['S', 'M'], productWeight: ['250g'] })} reviewCount={0} />);
    expect(screen.getByRole('radiogroup', { name: 'Size' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Weight' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'RAM' })).not.toBeInTheDocument();
  });

  it('asks a visitor to log in before adding to the wish list', () => {
    stubApi({});
    const { store } = renderWithShop(<ProductDetailBody product={makeProduct()} reviewCount={0} />);
    fireEvent.click(screen.getByTestId('wishlist-button'));
    expect(store.getState().snackbar.message).toBe('Please Login to continue');
  });
});
