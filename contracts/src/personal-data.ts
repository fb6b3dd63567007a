/**
 * The personal fields of every event type, in ONE place: what the log seals with the key of the
 * person they belong to (crypto-shredding, platform's SealingEventStore), and what each field
 * reads as once that key is destroyed (the person was forgotten).
 *
 * Facts that are not personal (ids, amounts, products, quantities, times, statuses, pincode and
 * city on an order's top level) stay in clear, so audits, revenue and stock survive an erasure.
 *
 * To add an event type with personal fields: one line in PERSONAL_FIELDS, naming whose fields they
 * are and the forgotten value of each top-level field (a whole object is sealed as one field).
 * Events written before their type was listed stay readable (they were stored in clear; `npm run
 * log:encrypt` seals an existing log).
 */

/** What a forgotten person's fields read as: valid for their schemas, and never anyone's data. */
export const FORGOTTEN = {
  name: 'Forgotten customer',
  /** `.invalid` is reserved (RFC 2606): no mail is ever delivered there. */
  email: 'forgotten@invalid',
  text: 'Forgotten',
  /** A password hash no password matches (not a valid scrypt string). */
  passwordHash: 'scrypt$forgotten',
} as const;

const FORGOTTEN_BILLING = {
  fullName: FORGOTTEN.name,
  country: FORGOTTEN.text,
  streetAddressLine1: FORGOTTEN.text,
  streetAddressLine2: FORGOTTEN.text,
  city: FORGOTTEN.text,
  state: FORGOTTEN.text,
  zipCode: FORGOTTEN.text,
  phoneNumber: FORGOTTEN.text,
  email: FORGOTTEN.email,
};

/**
 * A gift order's details once its buyer is forgotten: the message and recipient (a third person's
 * name and address the buyer gave) are sealed with the buyer's key, so they go too; the wrap fee
 * stays in the order's amount and in its tax record, which are in clear.
 */
const FORGOTTEN_GIFT = { message: FORGOTTEN.text, wrap: false, wrapFee: 0 };

/** A kept invoice recipient once its financial year's retention ended (the key destroyed). */
const FORGOTTEN_RECIPIENT = { name: FORGOTTEN.name, address: FORGOTTEN.text };
/** A bought gift card's recipient and message, once its buyer is forgotten: the card and its amount stay. */
const FORGOTTEN_GIFT_CARD_PURCHASE = { recipientEmail: FORGOTTEN.email };

/** The personal fields of one event type. */
export interface PersonalFields {
  /**
   * Whose they are: the key store subject (a user id; for the newsletter, which knows only an
   * e-mail, its stream id). Undefined: the event names nobody, nothing is sealed.
   */
  subject(data: Readonly<Record<string, unknown>>, streamId: string): string | undefined;
  /** Each sealed top-level field and the value it reads as once forgotten. */
  forgotten: Readonly<Record<string, unknown>>;
}

/** Fields owned by the user named in the event's `idField`. */
function ofUser(idField: string, forgotten: Record<string, unknown>): PersonalFields {
  return { subject: (data) => (typeof data[idField] === 'string' ? (data[idField] as string) : undefined), forgotten };
}

/** Fields owned by whoever the stream is about (the newsletter: one stream per e-mail). */
function ofStream(forgotten: Record<string, unknown>): PersonalFields {
  return { subject: (_data, streamId) => streamId, forgotten };
}

/**
 * Fields the law keeps beyond the person's erasure (a GST invoice's recipient): owned by the
 * financial year's retention subject, whose key goes when the year's records may go.
 */
function keptForYear(forgotten: Record<string, unknown>): PersonalFields {
  return { subject: (data) => (typeof data.financialYear === 'string' ? gstRetentionSubject(data.financialYear) : undefined), forgotten };
}

/** The key store subject that seals a financial year's kept invoice recipients (`26-27`). */
export const gstRetentionSubject = (financialYear: string) => `gst-retention-${financialYear}`;

/** Event type → its personal fields. Other helpers' event types join with one line each. */
export const PERSONAL_FIELDS: Readonly<Record<string, PersonalFields>> = {
  AccountEmailReserved: ofUser('userId', { email: FORGOTTEN.email }),
  AccountRegistered: ofUser('userId', { name: FORGOTTEN.name, email: FORGOTTEN.email, phone: FORGOTTEN.text, passwordHash: FORGOTTEN.passwordHash }),
  PasswordChanged: ofUser('userId', { passwordHash: FORGOTTEN.passwordHash }),
  PasswordReset: ofUser('userId', { passwordHash: FORGOTTEN.passwordHash }),
  ProfileUpdated: ofUser('userId', { name: FORGOTTEN.name, phone: FORGOTTEN.text }),
  GoogleIdentityLinked: ofUser('userId', { email: FORGOTTEN.email, subject: FORGOTTEN.text }),
  NewsletterSubscribed: ofStream({ email: FORGOTTEN.email }),
  NewsletterConsentRequested: ofStream({ email: FORGOTTEN.email }),
  PaymentOpened: ofUser('userId', { billing: FORGOTTEN_BILLING, gift: FORGOTTEN_GIFT, giftCardPurchase: FORGOTTEN_GIFT_CARD_PURCHASE }),
  CheckoutStarted: ofUser('userId', { billing: FORGOTTEN_BILLING, gift: FORGOTTEN_GIFT }),
  OrderPlaced: ofUser('userid', { name: FORGOTTEN.name, phoneNumber: FORGOTTEN.text, address: FORGOTTEN.text, email: FORGOTTEN.email, billing: FORGOTTEN_BILLING, gift: FORGOTTEN_GIFT }),
  InvoiceRecipientKept: keptForYear(FORGOTTEN_RECIPIENT),
  // A bought card's recipient and message are its buyer's (an admin's card names no shopper: in clear, as before).
  GiftCardIssued: {
    subject: (data) => (data.source === 'purchase' && typeof data.issuedBy === 'string' ? data.issuedBy : undefined),
    forgotten: { recipientEmail: FORGOTTEN.email, message: FORGOTTEN.text },
  },
  ProductReviewed: ofUser('customerId', { customerName: FORGOTTEN.name }),
  ProductReviewEdited: ofUser('customerId', { customerName: FORGOTTEN.name }),
};

/**
 * The metadata key of a sealed event's envelope. Its `v` is the sealing format's version, apart
 * from the data's schema version (`schemaVersion`): sealing changes how the data is stored, not
 * its shape, and an event without the key was written in clear (before sealing, or of a type
 * with no personal fields) and is read as written.
 */
export const SEALED_KEY = 'sealed';
