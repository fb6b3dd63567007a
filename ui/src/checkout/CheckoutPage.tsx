import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useGetCartPricingQuery } from '../api/promotionsApi.ts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  useAbandonPaymentMutation,
  useCreateOrderMutation,
  useGetCheckoutDefaultsQuery,
  useGetGiftCardAmountsQuery,
  useOpenCheckoutMutation,
  useOpenGiftCardCheckoutMutation,
  type Billing,
  type GiftCardOrder,
  type PaymentConfirmation,
} from './checkoutApi.ts';
import type { CartItem, CheckoutSession, ChosenPaymentMethod } from '../api/types.ts';
import type { BuyingGiftCard } from './GiftCardsPage.tsx';
import { errorMessage } from '../api/messages.ts';
import { useGetCartQuery } from '../api/cartApi.ts';
import { shopApi, useGetCountriesQuery } from '../api/shopApi.ts';
import { BusyButton, EmptyState, LoadError, PageFrame, Panel, useErrorNotice } from '../shared/common.tsx';
import { RequireShopper } from '../session/RequireShopper.tsx';
import { cartSummary } from '../shared/cartSummary.ts';
import type { SessionUser } from '../session/storage.ts';
import { useAppDispatch } from '../store/store.ts';
import { dismissed, notifyError, notifySuccess } from '../store/snackbarSlice.ts';
import { OrderSummary } from './OrderSummary.tsx';
import { payWithRazorpay } from './razorpay.ts';
import { TestPaymentDialog } from './TestPaymentDialog.tsx';
import { PaymentMethodChoice } from './PaymentMethodChoice.tsx';
import { GiftOptions, NO_GIFT, deliveryPincode, giftRequest, type GiftChoices } from './GiftOptions.tsx';
import { BILLING_FIELDS, billingProblem, EMPTY_BILLING, orderDate } from './validation.ts';
import { FREE_DELIVERY_OVER } from '@shop/contracts/constants';
import { INDIAN_STATES } from '@shop/contracts/india';
import { useDeliveryEstimate } from '../shared/DeliveryCheck.tsx';
import { deliveryLine, rememberPincode } from '../shared/delivery.ts';
import { brand } from '../shared/theme.ts';
import { rupees } from '../shared/format.ts';

/** The cart count refreshes this long after an order (1 s, as the original did). */
export const CART_REFRESH_AFTER_ORDER_MS = 1000;
export const ORDER_PLACED = 'Your order has been placed successfully!';
export const COD_ORDER_PLACED = 'Your order is placed with cash on delivery. Please confirm it from the e-mail we sent you.';
/** Said on the page when a payment was closed without paying: nothing else changed. */
export const PAYMENT_NOT_COMPLETED = 'The payment was not completed. Nothing was charged and your cart is unchanged: choose a way to pay and try again.';

/** A gift card being bought, as its one summary line (the server prices it again). */
function giftCardLine(card: GiftCardOrder, userId: string): CartItem {
  const title = `Gift card ${rupees(card.amount)}`;
  return { _id: 'gift-card', id: 'gift-card', productTitle: title, image: '/gift-card.svg', rating: 0, price: card.amount, quantity: 1, subTotal: card.amount, productId: '', countInStock: 1, userId };
}

function CheckoutView({ user }: { user: SessionUser }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Bought from the Gift cards page: this checkout pays for that card, not the cart.
  const buying = (useLocation().state as Partial<BuyingGiftCard> | null)?.giftCard;
  const cart = useGetCartQuery(user.userId, { skip: buying !== undefined });
  const countries = useGetCountriesQuery();
  const defaults = useGetCheckoutDefaultsQuery();
  const [billing, setBilling] = useState<Billing>(EMPTY_BILLING);
  const prefilled = useRef(false);
  // The form starts from the profile and the last order's address, once; what the shopper
  // types is never overwritten (a field they already filled keeps their text).
  useEffect(() => {
    if (prefilled.current || !defaults.data) return;
    prefilled.current = true;
    const known = defaults.data.billing;
    setBilling((current) => {
      const next = { ...current };
      for (const key of Object.keys(EMPTY_BILLING) as (keyof Billing)[]) {
        const value = known[key];
        if (!next[key] && typeof value === 'string') next[key] = value;
      }
      return next;
    });
  }, [defaults.data]);
  const [session, setSession] = useState<CheckoutSession | null>(null);
  const [stage, setStage] = useState<null | 'opening' | 'paying' | 'placing' | 'placed'>(null);
  const [paymentMethod, setPaymentMethod] = useState<ChosenPaymentMethod>('card');
  const [notCompleted, setNotCompleted] = useState(false);
  const [gifting, setGifting] = useState<GiftChoices>(NO_GIFT);
  const [openCheckout] = useOpenCheckoutMutation();
  const [openGiftCardCheckout] = useOpenGiftCardCheckoutMutation();
  const [abandonPayment] = useAbandonPaymentMutation();
  const [createOrder] = useCreateOrderMutation();
  const inputs = useRef<Partial<Record<keyof Billing, HTMLInputElement | null>>>({});
  useErrorNotice(cart.error);

  const lines = buying ? [giftCardLine(buying, user.userId)] : (cart.data ?? []);
  const { total } = cartSummary(lines);
  // The server's pricing of the cart (sales, coupon, first order), shown before paying; the
  // payment's own pricing is what is charged.
  const pricing = useGetCartPricingQuery(lines.map((line) => `${line.id}:${line.quantity}`).join(','), { skip: lines.length === 0 || buying !== undefined });
  const discounts = pricing.data?.discounts ?? [];
  // A gift sent to its recipient is delivered (and charged for) at the recipient's pincode.
  const pincode = deliveryPincode(gifting, billing.zipCode);
  // A gift card is e-mailed: no delivery to estimate or charge.
  const estimate = useDeliveryEstimate(buying ? '' : pincode);
  const deliveryFee = !buying && total < FREE_DELIVERY_OVER && estimate?.serviceable ? estimate.fee : 0;
  // Every fee the payment will add, so the summary's total is the one charged.
  const giftTerms = useGetGiftCardAmountsQuery(undefined, { skip: !gifting.wrap });
  const wrapFee = !buying && gifting.isGift && gifting.wrap ? (giftTerms.data?.wrapFee ?? 0) : 0;
  const codFee = paymentMethod === 'cod' && estimate?.serviceable ? (estimate.codFee ?? 0) : 0;
  // The pincode a shopper checks out with is the one the product pages start from next time.
  // (A recipient's pincode is theirs, not the shopper's.)
  const sendsToRecipient = gifting.isGift && gifting.toRecipient;
  useEffect(() => {
    if (estimate?.serviceable && !sendsToRecipient) rememberPincode(estimate.pincode);
  }, [estimate, sendsToRecipient]);
  // A known pincode fills in the city (its district) and the state the shopper left blank.
  useEffect(() => {
    if (!estimate?.serviceable || sendsToRecipient) return;
    setBilling((b) => (b.zipCode.trim() !== estimate.pincode || (b.city.trim() && b.state.trim()) ? b : { ...b, city: b.city.trim() ? b.city : estimate.district, state: b.state.trim() ? b.state : estimate.state }));
  }, [estimate, sendsToRecipient]);

  const placeOrder = async (opened: CheckoutSession, confirmation: PaymentConfirmation) => {
    setStage('placing');
    try {
      const order = await createOrder({
        ...confirmation,
        ...billing,
        name: billing.fullName.trim(),
        phoneNumber: billing.phoneNumber.trim(),
        address: `${billing.streetAddressLine1.trim()} ${billing.streetAddressLine2.trim()}`.trim(),
        pincode: billing.zipCode.trim(),
        amount: opened.total,
        paymentId: confirmation.razorpay_payment_id,
        email: billing.email.trim(),
        userid: user.userId,
        products: lines,
        date: orderDate(),
      }).unwrap();
      setStage('placed');
      setSession(null);
      dispatch(notifySuccess(ORDER_PLACED));
      // The order's reply already waited for the read models; the header count refreshes again after 1 s.
      window.setTimeout(() => dispatch(shopApi.util.invalidateTags([{ type: 'Cart', id: 'LIST' }])), CART_REFRESH_AFTER_ORDER_MS);
      // The confirmation: what was ordered, where it goes, what happens next, and the order's page.
      void navigate(`/orders/${encodeURIComponent(order.id)}/placed`);
    } catch (error) {
      dispatch(notifyError(errorMessage(error, 'Your order could not be placed.')));
      setSession(null);
      setStage(null);
    }
  };

  /** The shopper left the payment without paying: recorded, said on the page, and they may try again. */
  const abandon = (opened: CheckoutSession) => {
    void abandonPayment({ providerOrderId: opened.orderId });
    setSession(null);
    setStage(null);
    setNotCompleted(true);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (stage) return;
    const problem = billingProblem(billing);
    if (problem) {
      dispatch(notifyError(problem.message));
      inputs.current[problem.field]?.focus();
      return;
    }
    // The form is complete: an earlier "Please fill …" must not linger over the payment window.
    dispatch(dismissed());
    setStage('opening');
    setNotCompleted(false);
    let opened: CheckoutSession;
    try {
      opened = buying
        ? await openGiftCardCheckout({ ...billing, userId: user.userId, paymentMethod, ...buying }).unwrap()
        : await openCheckout({ ...billing, userId: user.userId, paymentMethod, ...giftRequest(gifting) }).unwrap();
    } catch (error) {
      dispatch(notifyError(errorMessage(error, 'The payment could not be started.')));
      setStage(null);
      return;
    }
    if (opened.order) {
      // Cash on delivery: the order is placed, payment due once the shopper confirms it; its
      // confirmation page, as a paid order's.
      setStage('placed');
      dispatch(notifySuccess(COD_ORDER_PLACED));
      void navigate(`/orders/${encodeURIComponent(opened.order.id)}/placed`);
      return;
    }
    if (opened.provider === 'razorpay') {
      setStage('paying');
      try {
        const result = await payWithRazorpay(opened, (message) => dispatch(notifyError(message)));
        if (result.outcome === 'paid') await placeOrder(opened, result.confirmation);
        else abandon(opened);
      } catch (error) {
        dispatch(notifyError(errorMessage(error, 'The payment window could not be opened.')));
        setStage(null);
      }
      return;
    }
    setSession(opened);
    setStage('paying');
  };

  const field = (name: keyof Billing) => BILLING_FIELDS.find((f) => f.name === name)!;
  const input = (name: keyof Billing, extra: { select?: boolean; half?: boolean } = {}) => {
    const f = field(name);
    // Country and state are lists: the countries the server lists (India first chosen), India's states and union territories.
    const countryList = name === 'country' && countries.data && countries.data.length > 0 ? countries.data.map((c) => ({ key: c.iso2, value: c.country })) : null;
    const options = name === 'state' ? INDIAN_STATES.map((state) => ({ key: state, value: state })) : countryList;
    return (
      <TextField
        key={name}
        label={f.label}
        name={name}
        type={f.type ?? 'text'}
        value={billing[name]}
        onChange={(e) => setBilling((b) => ({ ...b, [name]: e.target.value }))}
        autoComplete={f.autoComplete}
        required
        fullWidth
        disabled={stage !== null}
        select={options !== null}
        inputRef={(el: HTMLInputElement | null) => {
          inputs.current[name] = el;
        }}
        slotProps={{
          ...(options ? { select: { native: true } } : {}),
          inputLabel: options ? { shrink: true } : undefined,
          htmlInput: name === 'phoneNumber' || name === 'zipCode' ? { inputMode: 'numeric' } : undefined,
        }}
        sx={{ gridColumn: extra.half ? undefined : '1 / -1' }}
      >
        {options && [
          <option key="" value="">
            {name === 'state' ? 'Select a state' : 'Select a country'}
          </option>,
          ...options.map((o) => (
            <option key={o.key} value={o.value}>
              {o.value}
            </option>
          )),
        ]}
      </TextField>
    );
  };

  if (cart.isLoading) {
    return (
      <PageFrame title="Checkout">
        <Skeleton variant="rounded" height={420} />
      </PageFrame>
    );
  }
  if (cart.isError && !cart.data) {
    return (
      <PageFrame title="Checkout">
        <LoadError error={cart.error} onRetry={() => void cart.refetch()} />
      </PageFrame>
    );
  }
  if (lines.length === 0 && !session && stage !== 'placed') {
    return (
      <PageFrame title="Checkout" testId="checkout-page">
        <EmptyState icon={<ShoppingCartOutlinedIcon />} message="Your Cart is currently empty" hint="Add something to your cart to check out." />
      </PageFrame>
    );
  }

  return (
    <PageFrame title="Checkout" subtitle="Billing details and payment" testId="checkout-page">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 380px' }, gap: 3, alignItems: 'start' }}>
        <Panel component="section" aria-label="Billing details" sx={{ p: { xs: 2.5, md: 4 } }}>
          <Typography variant="h2" sx={{ fontSize: 16, letterSpacing: '.06em', fontWeight: 800, mb: 2.5 }}>
            BILLING DETAILS
          </Typography>
          <Box component="form" id="billing-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Billing details" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.25 }}>
            {input('fullName', { half: true })}
            {input('country', { half: true })}
            {input('streetAddressLine1')}
            {input('streetAddressLine2')}
            {input('city', { half: true })}
            {input('state', { half: true })}
            {input('zipCode', { half: true })}
            {input('phoneNumber', { half: true })}
            {input('email')}
          </Box>
          <Typography variant="h2" sx={{ fontSize: 16, letterSpacing: '.06em', fontWeight: 800, mt: 4, mb: 2 }}>
            PAYMENT METHOD
          </Typography>
          <PaymentMethodChoice value={paymentMethod} onChange={setPaymentMethod} disabled={stage !== null} onlineOnly={buying !== undefined} />
          {buying ? (
            <Typography data-testid="gift-card-purchase" sx={{ mt: 3 }}>
              The gift card&apos;s code is e-mailed to <strong>{buying.recipientEmail}</strong> once you have paid. Gift cards are paid online (UPI, net banking or card).
            </Typography>
          ) : (
            <>
              <Typography variant="h2" sx={{ fontSize: 16, letterSpacing: '.06em', fontWeight: 800, mt: 3, mb: 2 }}>
                GIFT CARD AND GIFTING
              </Typography>
              <GiftOptions value={gifting} onChange={setGifting} disabled={stage !== null} />
            </>
          )}
          {notCompleted && (
            <Alert severity="warning" data-testid="payment-not-completed" role="alert" sx={{ mt: 1 }}>
              {PAYMENT_NOT_COMPLETED}
            </Alert>
          )}
        </Panel>
        <OrderSummary
          lines={lines}
          total={total}
          discounts={discounts}
          deliveryFee={deliveryFee}
          wrapFee={wrapFee}
          codFee={codFee}
          giftCard={!buying && gifting.giftCardCode.trim() !== ''}
          delivery={
            estimate && (
              <Box data-testid="checkout-delivery" sx={{ mt: 1.5, fontSize: 14, color: estimate.serviceable ? brand.ink : brand.red }}>
                {deliveryLine(estimate)}
              </Box>
            )
          }
          action={
            <BusyButton
              type="submit"
              form="billing-form"
              variant="contained"
              size="large"
              fullWidth
              busy={stage !== null}
              busyLabel={stage === 'opening' ? 'Opening payment…' : stage === 'placing' ? 'Placing order…' : 'Waiting for payment…'}
              startIcon={<LockOutlinedIcon />}
              sx={{ mt: 2.5, height: 50 }}
              data-testid="checkout-submit"
            >
              Checkout
            </BusyButton>
          }
        />
      </Box>
      {session && session.provider === 'test' && (
        <TestPaymentDialog
          session={session}
          placing={stage === 'placing'}
          onPaid={(confirmation) => placeOrder(session, confirmation)}
          onClose={() => abandon(session)}
          onRefused={() => {
            setSession(null);
            setStage(null);
          }}
        />
      )}
    </PageFrame>
  );
}

/** /checkout: billing form, Your Order, and the payment provider's checkout. */
export default function CheckoutPage() {
  return <RequireShopper>{(user) => <CheckoutView user={user} />}</RequireShopper>;
}
