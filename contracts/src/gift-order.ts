import { z } from 'zod';
import { PINCODE_MESSAGE, PINCODE_PATTERN, indianStateField } from './india.ts';

/** The longest gift message: it is printed on the packing slip's card. */
export const GIFT_MESSAGE_MAX = 300;

const filled = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, message);

/** Where a gift goes when it is not the billing address: the recipient's name, phone and address. */
export const giftRecipient = z.object({
  name: filled('Please fill the recipient name', 120),
  phoneNumber: filled('Please fill the recipient phone number', 20),
  streetAddressLine1: filled('Please fill the recipient street address', 200),
  streetAddressLine2: z.string().trim().max(200).default(''),
  city: filled('Please fill the recipient city', 80),
  state: filled('Please fill the recipient state', 80),
  zipCode: filled('Please fill the recipient zipCode', 20),
});

/**
 * A gift order as recorded on the payment, checkout and order: the message for the slip, the
 * wrap and its fee (whole rupees inside the order's amount, like the delivery fee), and the
 * recipient when the parcel goes to someone else.
 */
export const giftOrder = z.object({
  message: z.string().max(GIFT_MESSAGE_MAX).optional(),
  wrap: z.boolean(),
  wrapFee: z.number().int().min(0),
  recipient: giftRecipient.optional(),
});
export type GiftOrder = z.infer<typeof giftOrder>;

/** Control characters other than a line break have no place on a printed card. */
const printable = (text: string) => [...text].every((char) => char === '\n' || !/\p{Cc}/u.test(char));

/** A gift message as a shopper types it: bounded, printable, trimmed (a gift order's slip, a bought gift card's mail). */
export const giftMessageField = z
  .string({ error: 'The gift message must be text' })
  .max(GIFT_MESSAGE_MAX, `The gift message can be at most ${GIFT_MESSAGE_MAX} characters`)
  .refine(printable, 'The gift message has characters that cannot be printed')
  .transform((text) => text.trim());

/**
 * The checkout's gift fields as a shopper sends them (`gift: { message?, wrap?, recipient? }`):
 * bounded before anything else, the recipient's state one of India's and the pincode six digits.
 */
export const giftOrderRequest = z
  .object({
    message: giftMessageField.optional(),
    wrap: z.boolean({ error: 'wrap must be true or false' }).default(false),
    recipient: giftRecipient
      .extend({
        state: filled('Please fill the recipient state', 80).pipe(indianStateField),
        zipCode: filled('Please fill the recipient zipCode', 20).regex(PINCODE_PATTERN, PINCODE_MESSAGE),
      })
      .optional(),
  })
  .strict();
export type GiftOrderRequest = z.infer<typeof giftOrderRequest>;

/**
 * PaymentOpened 4 → 5, CheckoutStarted 3 → 4, OrderPlaced 4 → 5: a payment may be partly paid by
 * a gift card (`giftCard`) and an order sent as a gift (`gift`). Both are optional and events
 * written before had neither, so their data stays as written; the version tells an older release
 * it cannot read these events without losing the card's part of the money.
 */
export function withNoGiftCardOrGift(data: unknown): unknown {
  return data;
}
