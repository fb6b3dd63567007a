import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/testApi.ts';
import { renderWithShop, SHOPPER } from '../test/render.tsx';
import CheckoutPage from './CheckoutPage.tsx';
import { billingProblem, cardProblem, EMPTY_BILLING } from './validation.ts';

const LONG = 'Kalakriti Boho Ceramic Planter Set of Three';
const CART = [
  { _id: 'l1', id: 'l1', productTitle: LONG, image: '/a.svg', rating: 4, price: 1699, quantity: 2, subTotal: 3398, productId: 'p1', countInStock: 5, userId: 'u1' },
  { _id: 'l2', id: 'l2', productTitle: 'Mug', image: '/b.svg', rating: 4, price: 250, quantity: 1, subTotal: 250, productId: 'p2', countInStock: 5, userId: 'u1' },
];
const SESSION = {
  provider: 'test',
  keyId: 'rzp_test_shop',
  orderId: 'order_abc',
  amount: 364800,
  currency: 'INR',
  total: 3648,
  name: 'Gift & Gear Shop',
  description: 'for testing purpose',
  prefill: { name: 'Asha', email: 'asha@example.in', contact: '9876543210' },
  products: [],
  testCards: { success: '4111 1111 1111 1111', declined: '4000 0000 0000 0002' },
};
const FILLED: [string, string, string][] = [
  ['fullName', 'Please fill full name', 'Asha Verma'],
  ['streetAddressLine1', 'Please fill Street address', '12 MG Road'],
  ['streetAddressLine2', 'Please fill Street address', 'Flat 4B'],
  ['city', 'Please fill city', 'Bengaluru'],
  ['state', 'Please fill state', 'Karnataka'],
  ['zipCode', 'Please fill zipCode', '560038'],
  ['phoneNumber', 'Please fill phone Number', '9876543210'],
  ['email', 'Please fill email', 'asha@example.in'],
];

describe('checkout checks', () => {
  it('names the first blank billing field in the spec’s order (line 2 is required too)', () => {
    // The shop delivers in India: the form starts there.
    expect(EMPTY_BILLING.country).toBe('India');
    expect(billingProblem({ ...EMPTY_BILLING, fullName: 'A', country: ' ' })?.message).toBe('Please fill country');
    let billing = { ...EMPTY_BILLING };
    for (const [name, message, value] of FILLED) {
      expect(billingProblem(billing)?.message).toBe(message);
      billing = { ...billing, [name]: value };
    }
    expect(billingProblem(billing)).toBeNull();
    expect(billingProblem({ ...billing, city: '   ' })?.message).toBe('Please fill city');
    expect(billingProblem({ ...billing, state: 'Karnatka' })?.message).toBe('Please choose a state or union territory from the list');
    expect(billingProblem({ ...billing, zipCode: '56003' })?.message).toBe('Please enter a valid 6-digit Pincode');
  });

  it('checks the test card form', () => {
    const now = new Date('2026-01-10');
    expect(cardProblem({ number: '', expiry: '12/30', cvc: '123' }, now)).toBe('Please enter a card number');
    expect(cardProblem({ number: '4111 1111 1111 1111', expiry: '13/30', cvc: '123' }, now)).toBe('Please enter the expiry date as MM/YY');
    expect(cardProblem({ number: '4111 1111 1111 1111', expiry: '12/25', cvc: '123' }, now)).toBe('This card has expired');
    expect(cardProblem({ number: '4111 1111 1111 1111', expiry: '12/30', cvc: '1' }, now)).toBe('Please enter the 3-digit CVC');
    expect(cardProblem({ number: '4111 1111 1111 1111', expiry: '12/30', cvc: '123' }, now)).toBeNull();
  });
});

describe('Checkout screen', () => {
  it('summarises the order, checks the form in order, then pays with the test provider: declined first, then paid', async () => {
    let paid = 0;
    const calls = mockApi({
      'GET /api/cart': { body: CART },
      'GET /api/countries': { body: [{ country: 'India', iso2: 'IN' }, { country: 'Nepal', iso2: 'NP' }] },
      'POST /api/orders/checkout': { status: 201, body: SESSION },
      'POST /api/payments/test/pay': ({ body }) =>
        (body as { card: string }).card.startsWith('4000')
          ? { status: 402, body: { error: true, msg: 'Your card was declined' } }
          : (paid++, { body: { order_id: 'order_abc', payment_id: 'pay_1', signature: 'sig', razorpay_order_id: 'order_abc', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' } }),
      'POST /api/orders/create': { status: 201, body: { id: 'o1' } },
      'GET /api/delivery/estimate': {
        body: { pincode: '560038', district: 'Bengaluru Urban', state: 'Karnataka', serviceable: true, cod: true, minDays: 1, maxDays: 2, by: '2026-12-03', fee: 40, freeOver: 299 },
      },
    });
    const { container, store } = renderWithShop(<CheckoutPage />, { route: '/checkout', session: SHOPPER });
    const summary = await screen.findByTestId('order-summary');
    expect(within(summary).getAllByTestId('summary-title').map((t) => t.textContent)).toEqual([`${LONG.slice(0, 20)}...`, 'Mug']);
    expect(within(summary).getAllByTestId('summary-quantity').map((t) => t.textContent)).toEqual(['× 2', '× 1']);
    expect(within(summary).getAllByTestId('summary-subtotal').map((t) => t.textContent)).toEqual(['Rs 3,398', 'Rs 250']);
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs 3,648');
    await waitFor(() => expect(container.querySelector('select[name="country"]')).not.toBeNull());
    expect(container.querySelector<HTMLSelectElement>('select[name="country"]')!.value).toBe('India');
    const states = [...container.querySelectorAll<HTMLOptionElement>('select[name="state"] option')].map((o) => o.value);
    expect(states).toHaveLength(37);
    expect(states).toContain('Karnataka');
    expect(screen.getByLabelText(/^Pincode/)).toBe(container.querySelector('[name="zipCode"]'));

    for (const [name, message, value] of FILLED) {
      fireEvent.click(screen.getByTestId('checkout-submit'));
      expect(store.getState().snackbar).toMatchObject({ message, severity: 'error' });
      expect(document.activeElement).toBe(container.querySelector(`[name="${name}"]`));
      fireEvent.change(container.querySelector(`[name="${name}"]`)!, { target: { value } });
    }
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    // Over the free-delivery threshold: the pincode's date, and no fee.
    expect(await screen.findByTestId('checkout-delivery')).toHaveTextContent('Deliver to 560038 — by Thu, 3 Dec');
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('Free');
    fireEvent.click(screen.getByTestId('checkout-submit'));
    const dialog = await screen.findByTestId('test-payment');
    expect(within(dialog).getByRole('heading', { name: 'Test payment' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('payment-amount')).toHaveTextContent('Rs 3,648');
    expect(calls.find((c) => c.path === '/api/orders/checkout')?.body).toMatchObject({ fullName: 'Asha Verma', country: 'India', userId: 'u1' });

    fireEvent.click(within(dialog).getByTestId('test-card-declined'));
    fireEvent.click(within(dialog).getByTestId('pay-button'));
    await within(dialog).findByTestId('payment-error');
    expect(store.getState().snackbar).toMatchObject({ message: 'Your card was declined', severity: 'error' });
    expect(within(dialog).getByTestId('payment-error')).toHaveTextContent('Your card was declined. Nothing was charged and your cart is unchanged.');
    expect(calls.some((c) => c.path === '/api/orders/create')).toBe(false);

    fireEvent.click(within(dialog).getByTestId('test-card-success'));
    fireEvent.click(within(dialog).getByTestId('pay-button'));
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/orders/o1/placed'));
    expect(paid).toBe(1);
    expect(store.getState().snackbar).toMatchObject({ message: 'Your order has been placed successfully!', severity: 'success' });
    expect(calls.find((c) => c.path === '/api/orders/create')?.body).toMatchObject({
      razorpay_order_id: 'order_abc',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
      name: 'Asha Verma',
      phoneNumber: '9876543210',
      address: '12 MG Road Flat 4B',
      pincode: '560038',
      amount: 3648,
      paymentId: 'pay_1',
      email: 'asha@example.in',
      userid: 'u1',
    });
  });
});

describe('a payment refused before paying because the price changed', () => {
  it('closes the payment, says why, and shows the cart priced again', async () => {
    const ENDED = '"Diwali ten" is no longer given, so your total has changed: the order was not placed, and anything paid is given back. Please check out again to see the new total.';
    let couponRuns = true;
    const calls = mockApi({
      'GET /api/cart': { body: CART },
      'GET /api/countries': { body: [{ country: 'India', iso2: 'IN' }] },
      'GET /api/cart/discounts': () => ({ body: { status: true, code: null, couponRefused: null, discounts: couponRuns ? [{ label: 'Diwali ten', amount: 364 }] : [], subtotal: 3648, total: couponRuns ? 3284 : 3648 } }),
      'POST /api/orders/checkout': { status: 201, body: { ...SESSION, amount: 328400, total: 3284 } },
      'POST /api/payments/test/pay': () => ((couponRuns = false), { status: 409, body: { error: true, msg: ENDED } }),
      'GET /api/delivery/estimate': {
        body: { pincode: '560038', district: 'Bengaluru Urban', state: 'Karnataka', serviceable: true, cod: true, minDays: 1, maxDays: 2, by: '2026-12-03', fee: 40, freeOver: 299 },
      },
    });
    const { container, store } = renderWithShop(<CheckoutPage />, { route: '/checkout', session: SHOPPER });
    await screen.findByTestId('order-summary');
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs 3,284'));
    for (const [name, , value] of FILLED) fireEvent.change(container.querySelector(`[name="${name}"]`)!, { target: { value } });
    fireEvent.click(screen.getByTestId('checkout-submit'));
    const dialog = await screen.findByTestId('test-payment');
    fireEvent.click(within(dialog).getByTestId('test-card-success'));
    fireEvent.click(within(dialog).getByTestId('pay-button'));

    await waitFor(() => expect(screen.queryByTestId('test-payment')).toBeNull());
    expect(store.getState().snackbar).toMatchObject({ message: ENDED, severity: 'error' });
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs 3,648'));
    expect(calls.some((c) => c.path === '/api/orders/create' || c.path === '/api/payments/abandon')).toBe(false);
    expect(screen.getByTestId('checkout-submit')).toBeEnabled();
  });
});

describe('Checkout screen for a returning or first-time shopper', () => {
  it('opens pre-filled from the profile and the last address, and shows the first order discount in the total', async () => {
    const known = { fullName: 'Asha Verma', email: 'asha@example.in', phoneNumber: '9876543210', country: 'India', streetAddressLine1: '12 MG Road', streetAddressLine2: 'Flat 4B', city: 'Bengaluru', state: 'Karnataka', zipCode: '560038' };
    mockApi({
      'GET /api/cart': { body: CART },
      'GET /api/countries': { body: [{ country: 'India', iso2: 'IN' }] },
      'GET /api/orders/checkout/defaults': { body: { billing: known, firstOrderDiscount: 20 } },
      'GET /api/cart/discounts': { body: { status: true, code: null, couponRefused: null, discounts: [{ label: 'First order discount', amount: 20 }], subtotal: 3648, total: 3628 } },
    });
    const { container } = renderWithShop(<CheckoutPage />, { route: '/checkout', session: SHOPPER });
    const summary = await screen.findByTestId('order-summary');
    await waitFor(() => expect(within(summary).getByTestId('summary-discount')).toHaveTextContent('First order discount−Rs 20'));
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs 3,628');
    for (const [name, value] of Object.entries(known)) {
      await waitFor(() => expect(container.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value).toBe(value));
    }
  });

  it('shows no discount line once the shopper has ordered', async () => {
    mockApi({
      'GET /api/cart': { body: CART },
      'GET /api/orders/checkout/defaults': { body: { billing: {}, firstOrderDiscount: 0 } },
    });
    renderWithShop(<CheckoutPage />, { route: '/checkout', session: SHOPPER });
    await screen.findByTestId('order-summary');
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs 3,648'));
    expect(screen.queryByTestId('summary-discount')).toBeNull();
  });

  it('adds gift wrap and the cash-on-delivery fee to the summary as their own rows, so its total is the one the payment asks', async () => {
    const known = { fullName: 'Asha Verma', email: 'asha@example.in', phoneNumber: '9876543210', country: 'India', streetAddressLine1: '12 MG Road', streetAddressLine2: 'Flat 4B', city: 'Bengaluru', state: 'Karnataka', zipCode: '560038' };
    mockApi({
      'GET /api/cart': { body: CART },
      'GET /api/countries': { body: [{ country: 'India', iso2: 'IN' }] },
      'GET /api/orders/checkout/defaults': { body: { billing: known, firstOrderDiscount: 0 } },
      'GET /api/gift-cards/amounts': { body: { amounts: [500], messageMax: 300, wrapFee: 50 } },
      'GET /api/delivery/estimate': {
        body: { pincode: '560038', district: 'Bengaluru Urban', state: 'Karnataka', serviceable: true, cod: true, codFee: 49, minDays: 1, maxDays: 2, by: '2026-12-03', fee: 40, freeOver: 299 },
      },
    });
    renderWithShop(<CheckoutPage />, { route: '/checkout', session: SHOPPER });
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs 3,648'));
    fireEvent.click(screen.getByTestId('send-as-gift'));
    fireEvent.click(await screen.findByTestId('gift-wrap'));
    await waitFor(() => expect(screen.getByTestId('summary-wrap')).toHaveTextContent('Gift wrapRs 50'));
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs 3,698');
    fireEvent.click(screen.getByTestId('pay-by-cod'));
    await waitFor(() => expect(screen.getByTestId('summary-cod-fee')).toHaveTextContent('Cash on delivery feeRs 49'));
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs 3,747');
  });

  it('fills in the city and state a known pincode lies in, when the shopper left them blank', async () => {
    mockApi({
      'GET /api/cart': { body: CART },
      'GET /api/countries': { body: [{ country: 'India', iso2: 'IN' }] },
      'GET /api/orders/checkout/defaults': { body: { billing: {}, firstOrderDiscount: 0 } },
      'GET /api/delivery/estimate': {
        body: { pincode: '600001', district: 'Chennai', state: 'Tamil Nadu', serviceable: true, cod: true, minDays: 2, maxDays: 4, by: '2026-12-05', fee: 40, freeOver: 299 },
      },
    });
    const { container } = renderWithShop(<CheckoutPage />, { route: '/checkout', session: SHOPPER });
    await screen.findByTestId('order-summary');
    fireEvent.change(container.querySelector('[name="zipCode"]')!, { target: { value: '600001' } });
    await waitFor(() => expect(container.querySelector<HTMLInputElement>('[name="city"]')!.value).toBe('Chennai'));
    expect(container.querySelector<HTMLSelectElement>('[name="state"]')!.value).toBe('Tamil Nadu');
  });
});
