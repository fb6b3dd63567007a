import { z } from 'zod';
import { idSchema } from './ids.ts';
import { INDIAN_STATES, type IndianState } from './india.ts';
import { shopDay } from './shop-time.ts';

/**
 * GST as an Indian shop selling to consumers needs it: the rates goods are taxed at, the states'
 * GST codes (the first two digits of a GSTIN), the GSTIN's own check, and the financial year
 * invoices are numbered in.
 */

/** The GST slabs a product may be taxed at, in percent. */
export const GST_RATES = [0, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];
export const gstRate = z.union(GST_RATES.map((rate) => z.literal(rate)) as [z.ZodLiteral<0>, z.ZodLiteral<5>, z.ZodLiteral<12>, z.ZodLiteral<18>, z.ZodLiteral<28>]);

/** An HSN code (goods) or SAC (services): 4, 6 or 8 digits, as the invoice prints it. */
export const HSN_PATTERN = /^(?:\d{4}|\d{6}|\d{8})$/;
export const HSN_MESSAGE = 'An HSN code is 4, 6 or 8 digits';
export const hsnCode = z.string({ error: HSN_MESSAGE }).max(8, HSN_MESSAGE).regex(HSN_PATTERN, HSN_MESSAGE);

/** What a product or a category is taxed as: its HSN code and GST rate. */
export const taxClass = z.object({ hsn: hsnCode, ratePercent: gstRate });
export type TaxClass = z.infer<typeof taxClass>;

/** The GST state codes (the GSTIN's first two digits) of the states and union territories, as GSTN lists them. */
export const GST_STATE_CODES: Readonly<Record<IndianState, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/** The state (as the address form spells it) a place of supply names, or null when it is not one of India's. */
export function indianStateNamed(name: string): IndianState | null {
  const wanted = name.trim().toLowerCase();
  return INDIAN_STATES.find((state) => state.toLowerCase() === wanted) ?? null;
}

/**
 * A GSTIN: state code (2 digits), the holder's PAN (5 letters, 4 digits, a letter), the entity
 * number for that PAN in the state (1-9 or A-Z), the letter Z, and a check character.
 */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character of a GSTIN's first 14 characters, as GSTN computes it (a Luhn mod 36): each
 * character's value in 0-9A-Z is multiplied by 1 and 2 alternately from the left, each product's
 * base-36 digits are added, and the check is what brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_ALPHABET.indexOf(first14[i]!) * ((i % 2) + 1);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** Why a GSTIN is not one, or null when it is well formed and its check character is right. */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_PATTERN.test(gstin)) return 'a GSTIN is 15 characters: state code, PAN, entity number, Z, check character (e.g. 29AAACG1234A1ZA)';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'the GSTIN check character (its last) is wrong: a typing mistake?';
  return null;
}

/** The Indian financial year an instant falls in, in the shop's time zone: April to March, e.g. `26-27` from 1 April 2026. */
export function financialYearOf(instant: Date | string, timeZone: string): string {
  const [year, month] = shopDay(instant, timeZone).split('-').map(Number) as [number, number];
  const starts = month >= 4 ? year : year - 1;
  const two = (n: number) => String(n % 100).padStart(2, '0');
  return `${two(starts)}-${two(starts + 1)}`;
}

/** The calendar month (YYYY-MM) an instant falls in, in the shop's time zone: the month of a return. */
export function gstMonthOf(instant: Date | string, timeZone: string): string {
  return shopDay(instant, timeZone).slice(0, 7);
}

/** A document's serial: prefix, financial year, six-digit sequence, e.g. `GG/26-27/000123` (at most 16 characters, as rule 46 allows). */
export function gstDocumentNumber(prefix: string, financialYear: string, sequence: number): string {
  return `${prefix}/${financialYear}/${String(sequence).padStart(6, '0')}`;
}

/** One line of an order's tax split, in paise: taxable value plus its tax is the line's inclusive amount exactly. */
export const taxLine = z.object({
  /** Goods (a product line), or a fee the order charges (delivery, cash on delivery). */
  kind: z.enum(['goods', 'delivery', 'cod', 'wrap']),
  description: z.string().min(1).max(300),
  hsn: hsnCode,
  quantity: z.number().int().min(1),
  ratePercent: gstRate,
  /** What the shopper pays for the line, after discounts, tax included. */
  inclusivePaise: z.number().int().min(0),
  taxablePaise: z.number().int().min(0),
  cgstPaise: z.number().int().min(0),
  sgstPaise: z.number().int().min(0),
  igstPaise: z.number().int().min(0),
});
export type TaxLine = z.infer<typeof taxLine>;

/**
 * The tax of an order, decided once as it is placed (appended with OrderPlaced): later changes to
 * rates, HSN codes or the seller's state never change an order already placed.
 */
export const orderTaxDecided = z.object({
  orderId: idSchema,
  sellerGstin: z.string().min(15).max(15),
  sellerState: z.string().min(1),
  /** Where the goods are delivered: a consumer's place of supply. */
  placeOfSupply: z.string().min(1),
  /** Delivered within the seller's state: CGST and SGST; otherwise IGST. */
  intraState: z.boolean(),
  lines: z.array(taxLine).min(1).max(200),
  /** The order's amount in paise: the lines' inclusive amounts add up to it exactly. */
  totalPaise: z.number().int().min(0),
});
export type OrderTaxDecided = z.infer<typeof orderTaxDecided>;

/** A tax invoice issued for an order: its serial in the financial year's series and when. */
export const taxInvoiceIssued = z.object({
  orderId: idSchema,
  number: z.string().min(1).max(16),
  financialYear: z.string().regex(/^\d{2}-\d{2}$/),
  issuedAt: z.iso.datetime(),
});

/** A credit note against an order's invoice (the order cancelled or returned): the whole invoice reversed. */
export const creditNoteIssued = z.object({
  orderId: idSchema,
  number: z.string().min(1).max(16),
  financialYear: z.string().regex(/^\d{2}-\d{2}$/),
  invoiceNumber: z.string().min(1).max(16),
  reason: z.enum(['cancelled', 'returned']),
  issuedAt: z.iso.datetime(),
});

/**
 * A consumer invoice of a taxable value of Rs 50,000 or more names its recipient and delivery
 * address (CGST Rules, rule 46(f)); below that, the place of supply is enough.
 */
export const INVOICE_NAMES_RECIPIENT_FROM_PAISE = 50_000_00;

/**
 * The recipient an invoice names, kept for the years the law keeps the invoice: sealed under the
 * financial year's retention key (personal-data's gstRetentionSubject), not the shopper's, so forgetting the
 * shopper leaves it readable, and it goes when the year's records may go (gstRecordsKeptUntil).
 */
export const invoiceRecipientKept = z.object({
  orderId: idSchema,
  financialYear: z.string().regex(/^\d{2}-\d{2}$/),
  name: z.string().min(1).max(200),
  /** The delivery street address; city, state and pincode stay on the order in clear. */
  address: z.string().min(1).max(500),
});

/**
 * The last day (YYYY-MM-DD, the shop's calendar) a financial year's GST records must be kept:
 * 72 months from the due date of that year's annual return, 31 December after the year ends
 * (CGST Act, section 36). FY 26-27 ends 31 March 2027, its return is due 31 December 2027, and
 * its records are kept to 31 December 2033.
 */
export function gstRecordsKeptUntil(financialYear: string): string {
  // From the year it starts: `99-00` ends in 2100, not 2000.
  const endsIn = 2000 + Number(financialYear.slice(0, 2)) + 1;
  return `${endsIn + 6}-12-31`;
}

/** The first financial year of GST (it began on 1 July 2017). */
const FIRST_GST_YEAR = 17;

/** The financial years whose records the law no longer asks to keep on `today` (YYYY-MM-DD, the shop's calendar), oldest first. */
export function gstYearsPastRetention(today: string): string[] {
  const two = (n: number) => String(n % 100).padStart(2, '0');
  const years: string[] = [];
  for (let starts = FIRST_GST_YEAR; ; starts++) {
    const year = `${two(starts)}-${two(starts + 1)}`;
    if (gstRecordsKeptUntil(year) >= today) return years;
    years.push(year);
  }
}

/** A serial taken in a document series (`gst-series-<kind>-<yy-yy>`): one per order, in order. */
export const gstNumberTaken = z.object({
  orderId: idSchema,
  sequence: z.number().int().min(1),
  number: z.string().min(1).max(16),
});

/** A product's or a category's tax class set by an admin (`tax-class-product-<id>`, `tax-class-category-<id>`). */
export const taxClassSet = taxClass.extend({ setBy: z.string().min(1).max(100) });

export const gstEventSchemas = {
  OrderTaxDecided: orderTaxDecided,
  TaxInvoiceIssued: taxInvoiceIssued,
  InvoiceRecipientKept: invoiceRecipientKept,
  CreditNoteIssued: creditNoteIssued,
  GstNumberTaken: gstNumberTaken,
  TaxClassSet: taxClassSet,
} as const;
export type GstEventMap = { [K in keyof typeof gstEventSchemas]: z.infer<(typeof gstEventSchemas)[K]> };

export const gstStreams = {
  /** One series per kind of document and financial year: a new one starts on 1 April by itself. */
  series: (kind: 'invoice' | 'credit-note', financialYear: string) => `gst-series-${kind}-${financialYear}`,
  taxClass: (owner: 'product' | 'category', id: string) => `tax-class-${owner}-${id}`,
} as const;
