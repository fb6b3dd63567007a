import { shopApi } from '../api/shopApi.ts';
import { CART_PRICING } from '../api/promotionsApi.ts';
import type { CartItem, CheckoutSession, Order, PaymentMethod } from '../api/types.ts';

/**
 * The billing form of the checkout screen, in the order its fields are checked (full name first,
 * e-mail last).
 */
export interface Billing {
  fullName: string;
  country: string;
  streetAddressLine1: string;
  streetAddressLine2: string;
  city: string;
  state: string;
  zipCode: string;
  phoneNumber: string;
  email: string;
}

/** Where a gift goes when it is not the billing address: the recipient's name, phone and address. */
export interface GiftRecipient {
  name: string;
  phoneNumber: string;
  streetAddressLine1: string;
  streetAddressLine2: string;
  city: string;
  state: string;
  zipCode: string;
}

/** A gift card a shopper is buying: the amount picked, whom its code is mailed to, and an optional message. */
export interface GiftCardOrder {
  amount: number;
  recipientEmail: string;
  message?: string;
}

/** A provider's signed confirmation, under Razorpay checkout's names (the test provider sends both). */
export interface PaymentConfirmation {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/**
 * `POST /api/orders/create`: the original client's order body plus the provider's signed
 * confirmation.
 */
export interface CreateOrderBody extends PaymentConfirmation, Billing {
  name: string;
  phoneNumber: string;
  address: string;
  pincode: string;
  amount: number;
  paymentId: string;
  email: string;
  userid: string;
  products: CartItem[];
  date: string;
}

/** What the checkout form starts from (GET /api/orders/checkout/defaults). */
export interface CheckoutDefaults {
  /** From the profile (name, e-mail, phone) and the last order's address; only what is known. */
  billing: Partial<Billing>;
  /** Rupees off this shopper's next order (the first order's discount), or 0. */
  firstOrderDiscount: number;
}

/** Checkout: open a payment, pay it with the built-in test provider, confirm it into an order. */
export const checkoutApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getCheckoutDefaults: build.query<CheckoutDefaults, void>({
      query: () => ({ url: '/orders/checkout/defaults' }),
      // A placed order changes both the address to start from and whether the discount is left.
      providesTags: [{ type: 'Orders', id: 'LIST' }],
    }),
    openCheckout: build.mutation<CheckoutSession, Billing & { userId: string; paymentMethod: PaymentMethod; giftCardCode?: string; gift?: { message?: string; wrap: boolean; recipient?: GiftRecipient } }>({
      query: (body) => ({ url: '/orders/checkout', method: 'POST', body }),
      // Cash on delivery places the order at once: the cart empties, the order joins the list.
      invalidatesTags: (reply) => (reply?.order ? [{ type: 'Cart', id: 'LIST' }, { type: 'Orders', id: 'LIST' }, 'Products', 'Product'] : []),
    }),
    /** What the Gift cards page offers: the amounts the shop sells cards for, and the longest message. */
    getGiftCardAmounts: build.query<{ amounts: number[]; messageMax: number; wrapFee?: number }, void>({
      query: () => ({ url: '/gift-cards/amounts' }),
    }),
    /** Opens the payment of a gift card purchase: the amount is one the shop sells, charged as the server says. */
    openGiftCardCheckout: build.mutation<CheckoutSession, Billing & GiftCardOrder & { userId: string; paymentMethod: PaymentMethod }>({
      query: (body) => ({ url: '/gift-cards/checkout', method: 'POST', body }),
    }),
    payWithTestCard: build.mutation<PaymentConfirmation, { providerOrderId: string } & TestPaymentAttempt>({
      query: (body) => ({ url: '/payments/test/pay', method: 'POST', body }),
      // Refused before paying (409: opened too long ago, or a promotion it was priced with ended): the cart is priced again.
      invalidatesTags: (_reply, error) => (error?.status === 409 ? [CART_PRICING] : []),
    }),
    /** The shopper closed the payment without paying: recorded, so it can be told and tried again. */
    abandonPayment: build.mutation<{ msg: string }, { providerOrderId: string }>({
      query: (body) => ({ url: '/payments/abandon', method: 'POST', body }),
    }),
    /** Confirms a cash-on-delivery order with the code from its e-mail. */
    confirmCodOrder: build.mutation<Order, { orderId: string; code: string }>({
      query: ({ orderId, code }) => ({ url: `/orders/${encodeURIComponent(orderId)}/confirm-cod`, method: 'POST', body: { code } }),
      invalidatesTags: (_reply, error) => (error ? [] : [{ type: 'Orders', id: 'LIST' }]),
    }),
    createOrder: build.mutation<Order, CreateOrderBody>({
      query: (body) => ({ url: '/orders/create', method: 'POST', body }),
      // The paid lines leave the cart, the order joins the list, stock goes down.
      // Refused (a promotion ended, the payment came too late), the cart stays and is priced again.
      invalidatesTags: (_reply, error) => (error ? [CART_PRICING] : [{ type: 'Cart', id: 'LIST' }, { type: 'Orders', id: 'LIST' }, 'Products', 'Product']),
    }),
  }),
});

/** What the offline provider's pages send: a card number, a bank, or the UPI app's answer. */
export type TestPaymentAttempt = { method: 'card'; card: string } | { method: 'netbanking'; bank: string } | { method: 'upi'; approve: boolean };

export const {
  useGetCheckoutDefaultsQuery,
  useOpenCheckoutMutation,
  usePayWithTestCardMutation,
  useCreateOrderMutation,
  useAbandonPaymentMutation,
  useConfirmCodOrderMutation,
  useGetGiftCardAmountsQuery,
  useOpenGiftCardCheckoutMutation,
} = checkoutApi;
