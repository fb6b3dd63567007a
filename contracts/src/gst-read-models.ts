import type { TaxLine } from './gst.ts';
import { GST_STATE_CODES, indianStateNamed } from './gst.ts';

/** Collections of the `gst` projection: every invoice and credit note issued, and orders' tax until their invoice. */
export const GST = { documents: 'gstDocuments', orderTax: 'gstOrderTax' } as const;

/** An invoice or credit note as issued, for the accountant's monthly summary. */
export interface GstDocumentDoc {
  _id: string;
  id: string;
  kind: 'invoice' | 'credit-note';
  number: string;
  orderId: string;
  /** The invoice a credit note is against. */
  invoiceNumber: string | null;
  issuedAt: string;
  placeOfSupply: string;
  intraState: boolean;
  lines: TaxLine[];
}

/** Taxable value and tax, in paise. */
export interface GstAmounts {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** A month's GST: invoices less credit notes, by rate, by place of supply and rate (B2C), by HSN. */
export interface GstMonthSummary {
  month: string;
  invoices: number;
  creditNotes: number;
  totals: GstAmounts;
  byRate: (GstAmounts & { ratePercent: number })[];
  byPlaceOfSupply: (GstAmounts & { placeOfSupply: string; stateCode: string; ratePercent: number })[];
  byHsn: (GstAmounts & { hsn: string; quantity: number; valuePaise: number })[];
}

const zero = (): GstAmounts => ({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
function add(into: GstAmounts, line: TaxLine, sign: 1 | -1): void {
  into.taxablePaise += sign * line.taxablePaise;
  into.cgstPaise += sign * line.cgstPaise;
  into.sgstPaise += sign * line.sgstPaise;
  into.igstPaise += sign * line.igstPaise;
}

/** Sums a month's documents: an invoice adds its lines, a credit note takes them off. */
export function summarizeGstMonth(month: string, documents: readonly GstDocumentDoc[]): GstMonthSummary {
  const totals = zero();
  const byRate = new Map<number, GstAmounts & { ratePercent: number }>();
  const byPlace = new Map<string, GstAmounts & { placeOfSupply: string; stateCode: string; ratePercent: number }>();
  const byHsn = new Map<string, GstAmounts & { hsn: string; quantity: number; valuePaise: number }>();
  for (const doc of documents) {
    const sign = doc.kind === 'invoice' ? 1 : -1;
    const state = indianStateNamed(doc.placeOfSupply);
    const stateCode = state ? GST_STATE_CODES[state] : '97';
    for (const line of doc.lines) {
      add(totals, line, sign);
      const rate = byRate.get(line.ratePercent) ?? { ratePercent: line.ratePercent, ...zero() };
      add(rate, line, sign);
      byRate.set(line.ratePercent, rate);
      const placeKey = `${stateCode}:${line.ratePercent}`;
      const place = byPlace.get(placeKey) ?? { placeOfSupply: state ?? doc.placeOfSupply, stateCode, ratePercent: line.ratePercent, ...zero() };
      add(place, line, sign);
      byPlace.set(placeKey, place);
      const hsn = byHsn.get(line.hsn) ?? { hsn: line.hsn, quantity: 0, valuePaise: 0, ...zero() };
      add(hsn, line, sign);
      hsn.quantity += sign * line.quantity;
      hsn.valuePaise += sign * line.inclusivePaise;
      byHsn.set(line.hsn, hsn);
    }
  }
  return {
    month,
    invoices: documents.filter((doc) => doc.kind === 'invoice').length,
    creditNotes: documents.filter((doc) => doc.kind === 'credit-note').length,
    totals,
    byRate: [...byRate.values()].sort((a, b) => a.ratePercent - b.ratePercent),
    byPlaceOfSupply: [...byPlace.values()].sort((a, b) => a.stateCode.localeCompare(b.stateCode) || a.ratePercent - b.ratePercent),
    byHsn: [...byHsn.values()].sort((a, b) => a.hsn.localeCompare(b.hsn)),
  };
}

const rupees = (paise: number) => (paise / 100).toFixed(2);
const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csv = (rows: string[][]) => rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

/** The month's consumer sales by state and rate, in the columns of the return's B2C (small) table. */
export function b2csCsv(summary: GstMonthSummary): string {
  const header = ['Type', 'Place Of Supply', 'Rate', 'Applicable % of Tax Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'];
  return csv([header, ...summary.byPlaceOfSupply.map((row) => ['OE', `${row.stateCode}-${row.placeOfSupply}`, String(row.ratePercent), '', rupees(row.taxablePaise), '0.00', ''])]);
}

/** The month's HSN-wise summary, in the columns of the return's HSN table. */
export function hsnCsv(summary: GstMonthSummary): string {
  const header = ['HSN', 'Description', 'UQC', 'Total Quantity', 'Total Value', 'Taxable Value', 'Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount', 'Cess Amount'];
  return csv([
    header,
    ...summary.byHsn.map((row) => [row.hsn, '', 'NOS-NUMBERS', String(row.quantity), rupees(row.valuePaise), rupees(row.taxablePaise), rupees(row.igstPaise), rupees(row.cgstPaise), rupees(row.sgstPaise), '0.00']),
  ]);
}
