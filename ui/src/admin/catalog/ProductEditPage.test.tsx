import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminCategoryList, AdminProductReply } from '@shop/contracts/admin-api';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ADMIN, renderWithShop } from '../../test/render.tsx';
import { mockApi } from '../../test/testApi.ts';
import ProductEditPage from './ProductEditPage.tsx';

const CAT = 'a1a1a1a1a1a1a1a1a1a1a1a1';
const SUB = 'b2b2b2b2b2b2b2b2b2b2b2b2';
const PRODUCT = 'c3c3c3c3c3c3c3c3c3c3c3c3';

const categories: AdminCategoryList = {
  categories: [{ id: CAT, name: 'Fashion', color: '#ffe8f0', images: [], position: 0, products: 3, children: [{ id: SUB, name: 'Womenswear', products: 3 }] }],
};
const countries = [
  { country: 'India', iso2: 'IN' },
  { country: 'Nepal', iso2: 'NP' },
];

function renderEditor(route: string) {
  return renderWithShop(
    <Routes>
      <Route path="/admin/products/new" element={<ProductEditPage />} />
      <Route path="/admin/products/:id" element={<ProductEditPage />} />
      <Route path="/admin/products" element={<p>Products list</p>} />
    </Routes>,
    { route, session: ADMIN },
  );
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea, select' });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const addChip = (label: string, value: string) => {
  const input = field(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

describe('the product editor', () => {
  it('shows the contract’s validation message under each field and sends nothing', async () => {
    const seen = mockApi({ 'GET /api/admin/categories': { body: categories }, 'GET /api/countries': { body: countries } });
    renderEditor('/admin/products/new');
    await screen.findByRole('option', { name: 'Fashion' });
    type('Price (Rs)', '12.5');

    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    expect(field('Name')).toHaveAccessibleDescription('Required');
    expect(field('Brand')).toHaveAccessibleDescription('Required');
    expect(field('Description')).toHaveAccessibleDescription('Required');
    expect(field('Price (Rs)')).toHaveAccessibleDescription('Enter a whole number');
    expect(field('Category')).toHaveAccessibleDescription('Choose one');
    expect(field('Subcategory')).toHaveAccessibleDescription('Choose one');
    expect(within(screen.getByRole('group', { name: 'Images' })).getByText('Choose at least one')).toBeVisible();
    expect(seen.filter((r) => r.method !== 'GET')).toEqual([]);

    // Fixing a field clears its message.
    type('Name', 'Nova Phone');
    expect(field('Name')).not.toHaveAccessibleDescription('Required');
  });

  it('uploads images, then creates the product with exactly the contract’s body and returns to the list', async () => {
    let uploaded = '';
    const seen = mockApi({
      'GET /api/admin/categories': { body: categories },
      'GET /api/countries': { body: countries },
      'POST /api/admin/uploads': (request) => {
        uploaded = `${request.headers.get('content-type') ?? ''}\n${String(request.body)}`;
        return { status: 201, body: { images: ['/uploads/products/front.webp', '/uploads/products/back.webp'] } };
      },
      'POST /api/admin/products': { status: 201, body: { id: PRODUCT } },
    });
    const { store } = renderEditor('/admin/products/new');
    await screen.findByRole('option', { name: 'Fashion' });

    const file = (name: string) => new File(['image bytes'], name, { type: 'image/webp' });
    fireEvent.change(screen.getByLabelText('Upload images'), { target: { files: [file('front.webp'), file('back.webp')] } });
    await waitFor(() => expect(screen.getAllByTestId('image-preview')).toHaveLength(2));
    expect(uploaded).toMatch(/^multipart\/form-data; boundary=/);
    // Both files as parts of the one `images` field (a test DOM's File may reach undici as a plain blob, so no file names here).
    expect(uploaded.match(/name="images"; filename="[^"\n]*"\r?\nContent-Type: image\/webp/g)).toHaveLength(2);
    // The back view first: move image 2 left.
    fireEvent.click(screen.getByRole('button', { name: 'Move image 2 left' }));
    expect(screen.getAllByTestId('image-preview').map((p) => p.getAttribute('data-src'))).toEqual(['/uploads/products/back.webp', '/uploads/products/front.webp']);

    type('Name', '  Nova Phone 5G ');
    type('Brand', 'Nova');
    type('Description', 'A phone with a long battery life.');
    type('Price (Rs)', '18999');
    type('Old price (Rs)', '19999');
    expect(screen.getByTestId('derived-discount')).toHaveTextContent('Discount: 5%');
    type('Opening stock', '12');
    fireEvent.click(screen.getByLabelText('Featured on the home page'));
    fireEvent.change(field('Category'), { target: { value: CAT } });
    fireEvent.change(field('Subcategory'), { target: { value: SUB } });
    addChip('RAM options', '8GB');
    addChip('RAM options', '12GB');
    addChip('Sizes', 'Standard');
    // Price and stock per option: one row per combination, at the product's price until changed.
    fireEvent.click(screen.getByLabelText('Price and stock per option (variants)'));
    const rows = screen.getAllByTestId('admin-variant');
    expect(rows.map((row) => row.firstChild?.textContent)).toEqual(['Size: Standard · RAM: 8GB', 'Size: Standard · RAM: 12GB']);
    fireEvent.change(within(rows[1]!).getByLabelText('Price (Rs)'), { target: { value: '21999' } });
    fireEvent.change(within(rows[0]!).getByLabelText('Stock'), { target: { value: '5' } });
    fireEvent.change(within(rows[1]!).getByLabelText('Stock'), { target: { value: '2' } });

    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/admin/products'));
    const posted = seen.filter((r) => r.method === 'POST' && r.path === '/api/admin/products');
    expect(posted.map((r) => r.body)).toEqual([
      {
        name: 'Nova Phone 5G',
        brand: 'Nova',
        description: 'A phone with a long battery life.',
        images: ['/uploads/products/back.webp', '/uploads/products/front.webp'],
        price: 18999,
        oldPrice: 19999,
        countInStock: 12,
        isFeatured: true,
        catId: CAT,
        subCatId: SUB,
        productRam: ['8GB', '12GB'],
        size: ['Standard'],
        productWeight: [],
        location: [{ value: 'All', label: 'All' }],
        draft: false,
        variants: [
          { sku: 'NP5-STANDARD-8GB', options: { size: 'Standard', productRam: '8GB' }, price: 18999, countInStock: 5 },
          { sku: 'NP5-STANDARD-12GB', options: { size: 'Standard', productRam: '12GB' }, price: 21999, countInStock: 2 },
        ],
      },
    ]);
    expect(store.getState().snackbar).toMatchObject({ open: true, severity: 'success', message: 'Product created' });
  });

  it('saves a new product as a draft, saying it stays out of the shop until published', async () => {
    const seen = mockApi({
      'GET /api/admin/categories': { body: categories },
      'GET /api/countries': { body: countries },
      'POST /api/admin/uploads': { status: 201, body: { images: ['/uploads/products/front.webp'] } },
      'POST /api/admin/products': { status: 201, body: { id: PRODUCT } },
    });
    const { store } = renderEditor('/admin/products/new');
    await screen.findByRole('option', { name: 'Fashion' });
    fireEvent.change(screen.getByLabelText('Upload images'), { target: { files: [new File(['image bytes'], 'front.webp', { type: 'image/webp' })] } });
    await waitFor(() => expect(screen.getAllByTestId('image-preview')).toHaveLength(1));
    type('Name', 'Nova Phone 6');
    type('Brand', 'Nova');
    type('Description', 'Next year’s phone.');
    type('Price (Rs)', '24999');
    type('Old price (Rs)', '0');
    type('Opening stock', '5');
    fireEvent.change(field('Category'), { target: { value: CAT } });
    fireEvent.change(field('Subcategory'), { target: { value: SUB } });

    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));

    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/admin/products'));
    const posted = seen.filter((r) => r.method === 'POST' && r.path === '/api/admin/products');
    expect(posted.map((r) => r.body)).toMatchObject([{ name: 'Nova Phone 6', draft: true }]);
    expect(store.getState().snackbar).toMatchObject({ severity: 'success', message: 'Draft saved: it is not in the shop until you publish it' });
  });

  it('edits a product with PUT, without an opening stock box', async () => {
    const product: AdminProductReply = {
      id: PRODUCT,
      name: 'Nova Phone',
      brand: 'Nova',
      description: 'A phone.',
      images: ['/uploads/products/front.webp'],
      price: 18999,
      oldPrice: 0,
      countInStock: 7,
      isFeatured: false,
      catId: CAT,
      subCatId: SUB,
      productRam: [],
      size: [],
      productWeight: [],
      location: [{ value: 'IN', label: 'India' }],
      published: true,
      rating: 4,
      discount: 0,
      dateCreated: '2026-01-05T10:00:00.000Z',
    };
    const seen = mockApi({
      'GET /api/admin/categories': { body: categories },
      'GET /api/countries': { body: countries },
      [`GET /api/admin/products/${PRODUCT}`]: { body: product },
      [`PUT /api/admin/products/${PRODUCT}`]: { body: { id: PRODUCT } },
    });
    renderEditor(`/admin/products/${PRODUCT}`);
    await waitFor(() => expect(field('Name')).toHaveValue('Nova Phone'));
    await screen.findByRole('option', { name: 'Womenswear' });
    expect(screen.queryByLabelText('Opening stock')).toBeNull();
    type('Price (Rs)', '17999');
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }));

    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/admin/products'));
    const put = seen.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ ...Object.fromEntries(Object.entries(product).filter(([k]) => !['id', 'published', 'rating', 'discount', 'dateCreated'].includes(k))), price: 17999, variants: [] });
  });
});
