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
  it('gives the RAM chooser the error look and says "Choose the RAM" when Add to cart comes first', () => {
    stubApi({});
    const { store } = renderWithShop(<ProductDetailBody product={makeProduct({ productRam: ['8GB', '16GB'] })} reviewCount={0} />);
    const chooser = screen.getByTestId('chooser-productRam');
    expect(chooser).toHaveAttribute('data-error', 'false');
    fireEvent.click(screen.getByTestId('add-to-cart'));
    expect(chooser).toHaveAttribute('data-error', 'true');
    expect(screen.getByTestId('chooser-error')).toHaveTextContent('Choose the RAM');
    expect(chooser).toHaveAttribute('aria-errormessage', screen.getByTestId('chooser-error').id);
    expect(store.getState().snackbar.open).toBe(false);
    fireEvent.click(within(chooser).getByRole('radio', { name: '16GB' }));
    expect(chooser).toHaveAttribute('data-error', 'false');
    expect(screen.queryByTestId('chooser-error')).toBeNull();
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

  it('prices each option at the sale price while a sale covers the product, the catalog price struck through', async () => {
    stubApi({ '/api/promotions/running': [{ id: 'sale1', name: 'Festive sale', type: 'percent', value: 15, productIds: ['p1'], categoryIds: [] }] });
    const product = makeProduct({
      price: 1599,
      productRam: ['8GB', '16GB'],
      variants: [
        { sku: 'P1-8', options: { productRam: '8GB' }, price: 1599, countInStock: 4 },
        { sku: 'P1-16', options: { productRam: '16GB' }, price: 1999, countInStock: 2 },
      ],
    });
    renderWithShop(<ProductDetailBody product={product} reviewCount={0} />);
    // 15% off: 1,599 → 1,360 and 1,999 → 1,700, as the headline and the checkout charge them.
    await screen.findByText(/Rs 1,360 · 4 left/);
    const offers = screen.getAllByTestId('chooser-offer').map((offer) => offer.textContent);
    expect(offers).toEqual(['Rs 1,599Rs 1,360 · 4 left', 'Rs 1,999Rs 1,700 · 2 left']);
  });
});
