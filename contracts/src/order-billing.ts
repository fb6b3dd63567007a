import { z } from 'zod';
import { INVALID_EMAIL, emailField } from './email-address.ts';
import { PINCODE_MESSAGE, PINCODE_PATTERN, indianStateField } from './india.ts';

const filled = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

/**
 * The billing form as recorded in events (`PaymentOpened`, `CheckoutStarted`, `OrderPlaced`),
 * checked in this order with the original's messages ("Please fill full name", ...). Line 2 is
 * labelled optional in the UI but the original required it; we keep that. Its e-mail is only
 * required to be filled in, because events written before the address had to be a mailbox still
 * hold whatever was typed; what a shopper sends now passes `billingForm`.
 */
export const billingSchema = z.object({
  fullName: filled('Please fill full name', 120),
  country: filled('Please fill country', 80),
  streetAddressLine1: filled('Please fill Street address'),
  streetAddressLine2: filled('Please fill Street address'),
  city: filled('Please fill city', 80),
  state: filled('Please fill state', 80),
  zipCode: filled('Please fill zipCode', 20),
  phoneNumber: filled('Please fill phone Number', 20),
  email: filled('Please fill email', 254),
});
export type Billing = z.infer<typeof billingSchema>;

/**
 * The billing form as a checkout accepts it: the order's e-mails go to its address, so it must
 * be exactly one mailbox (no list, no display name, no line break); the shop delivers in India,
 * so the state is one of India's states and union territories (as the list spells it) and the
 * postcode a six-digit pincode. Whether the pincode exists and lies in that state is the
 * delivery quote's check, at checkout.
 */
export const billingForm = billingSchema.extend({
  email: emailField('Please fill email', INVALID_EMAIL),
  state: filled('Please fill state', 80).pipe(indianStateField),
  zipCode: filled('Please fill zipCode', 20).regex(PINCODE_PATTERN, PINCODE_MESSAGE),
});
