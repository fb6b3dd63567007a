import PDFDocument from 'pdfkit';
import { amountInWords, deliveryPartyOf, GST_STATE_CODES, indianStateNamed, partyLines, shipsElsewhere, shopDay, type GstEventMap, type OrderEventMap, type TaxLine } from '@shop/contracts';
import type { GstSeller } from './order-tax.ts';

/** What a tax invoice or credit note prints: the order as placed, its tax as decided, the document's serial. */
export interface GstDocumentInput {
  kind: 'invoice' | 'credit-note';
  seller: GstSeller;
  order: OrderEventMap['OrderPlaced'];
  tax: GstEventMap['OrderTaxDecided'];
  invoice: GstEventMap['TaxInvoiceIssued'];
  creditNote?: GstEventMap['CreditNoteIssued'];
  timeZone: string;
}

const rupees = (paise: number) => `Rs. ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const withCode = (state: string) => {
  const known = indianStateNamed(state);
  return known ? `${known} (State code ${GST_STATE_CODES[known]})` : state;
};
/** A date as the invoice prints it: the shop's calendar day, DD-MM-YYYY. */
const dateOf = (instant: string, timeZone: string) => shopDay(instant, timeZone).split('-').reverse().join('-');

/**
 * The order as its GST documents print it: a large invoice names the recipient kept for it, which
 * stays readable for the law's years also once the shopper is forgotten.
 */
export function billedOrder(placed: OrderEventMap['OrderPlaced'], recipient: GstEventMap['InvoiceRecipientKept'] | null): OrderEventMap['OrderPlaced'] {
  return recipient ? { ...placed, name: recipient.name, address: recipient.address } : placed;
}

/** The totals of a document's lines, in paise. */
export function documentTotals(lines: readonly TaxLine[]): { taxable: number; cgst: number; sgst: number; igst: number; total: number } {
  const sum = (pick: (line: TaxLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return { taxable: sum((l) => l.taxablePaise), cgst: sum((l) => l.cgstPaise), sgst: sum((l) => l.sgstPaise), igst: sum((l) => l.igstPaise), total: sum((l) => l.inclusivePaise) };
}

/**
 * A tax invoice (or a credit note against one) as a PDF, with what CGST Rules' rule 46 asks of a
 * consumer invoice: the seller's name, address and GSTIN; a serial unique in the financial year;
 * the date; the buyer's name and delivery address; the place of supply with its state's name; per
 * line the HSN code, description, quantity, taxable value and the rate and amount of CGST and SGST
 * (or IGST); the totals, in figures and words; and the signatory.
 */
export function renderGstDocument(input: GstDocumentInput): Promise<Buffer> {
  const { kind, seller, order, tax, invoice, creditNote, timeZone } = input;
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: kind === 'invoice' ? `Tax invoice ${invoice.number}` : `Credit note ${creditNote?.number ?? ''}`, Author: seller.legalName } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(16).text(kind === 'invoice' ? 'TAX INVOICE' : 'CREDIT NOTE', { align: 'center' });
  doc.moveDown(0.5).fontSize(11).text(seller.legalName);
  doc.font('Helvetica').fontSize(9).text(seller.address).text(`GSTIN: ${seller.gstin}`).text(`State: ${withCode(tax.sellerState)}`);
  doc.moveDown(0.5);
  if (kind === 'invoice') {
    doc.text(`Invoice No.: ${invoice.number}`).text(`Invoice date: ${dateOf(invoice.issuedAt, timeZone)}`);
  } else if (creditNote) {
    doc.text(`Credit Note No.: ${creditNote.number}`).text(`Credit note date: ${dateOf(creditNote.issuedAt, timeZone)}`);
    doc.text(`Against invoice: ${invoice.number} dated ${dateOf(invoice.issuedAt, timeZone)}`).text(`Reason: order ${creditNote.reason}`);
  }
  doc.text(`Order: ${order.orderId}, placed ${dateOf(order.date, timeZone)}`);
  doc.text(`Place of supply: ${withCode(tax.placeOfSupply)}`);
  doc.text('Tax payable on reverse charge: No');
  const billedTo = `${order.address}, ${order.city}, ${order.state} ${order.pincode}`;
  if (shipsElsewhere(order)) {
    // Billed to one person and shipped to another (a gift): both addresses, the place of supply
    // being the delivery's (CBIC circular 209/3/2024-GST on IGST Act s. 10(1)(ca)).
    const [to = '', ...toLines] = partyLines(deliveryPartyOf(order));
    doc.moveDown(0.5).font('Helvetica-Bold').text('Billed to');
    doc.font('Helvetica').text(order.name).text(billedTo);
    doc.moveDown(0.3).font('Helvetica-Bold').text('Shipped to');
    doc.font('Helvetica').text(to).text(toLines.join(', '));
  } else {
    doc.moveDown(0.5).font('Helvetica-Bold').text('Billed and shipped to');
    doc.font('Helvetica').text(order.name).text(billedTo);
  }
  doc.moveDown(0.8);

  const taxHeads = tax.intraState ? ['CGST', 'SGST'] : ['IGST'];
  const columns = ['#', 'Description', 'HSN/SAC', 'Qty', 'Taxable value', ...taxHeads.flatMap((head) => [`${head} rate`, `${head} amount`]), 'Total'];
  const widths = tax.intraState ? [18, 130, 48, 26, 66, 36, 56, 36, 56, 58] : [18, 170, 52, 28, 72, 40, 68, 67];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = doc.page.margins.left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    let bottom = y;
    cells.forEach((cell, index) => {
      doc.text(cell, x, y, { width: widths[index]! - 4, align: index >= 3 ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
      x += widths[index]!;
    });
    doc.x = doc.page.margins.left;
    doc.y = bottom + 4;
  };
  row(columns, true);
  tax.lines.forEach((line, index) => {
    const heads = tax.intraState
      ? [`${line.ratePercent / 2}%`, rupees(line.cgstPaise), `${line.ratePercent / 2}%`, rupees(line.sgstPaise)]
      : [`${line.ratePercent}%`, rupees(line.igstPaise)];
    row([String(index + 1), line.description, line.hsn, String(line.quantity), rupees(line.taxablePaise), ...heads, rupees(line.inclusivePaise)]);
  });
  const totals = documentTotals(tax.lines);
  const totalHeads = tax.intraState ? ['', rupees(totals.cgst), '', rupees(totals.sgst)] : ['', rupees(totals.igst)];
  row(['', 'Total', '', '', rupees(totals.taxable), ...totalHeads, rupees(totals.total)], true);

  doc.moveDown(0.5).font('Helvetica').fontSize(9);
  doc.text(`Taxable value: ${rupees(totals.taxable)}`);
  if (tax.intraState) doc.text(`CGST: ${rupees(totals.cgst)}`).text(`SGST: ${rupees(totals.sgst)}`);
  else doc.text(`IGST: ${rupees(totals.igst)}`);
  doc.font('Helvetica-Bold').text(`${kind === 'invoice' ? 'Invoice total' : 'Credit note total'}: ${rupees(totals.total)}`);
  doc.font('Helvetica').text(`In words: ${amountInWords(totals.total)}`);
  doc.moveDown(1.5).text(`For ${seller.legalName}`).text('Authorised signatory (computer-generated document)');
  doc.end();
  return done;
}

/**
 * The GST documents an order mail carries: the invoice with the mail of the moment it was issued
 * (placed, paid online and invoiced on payment; or shipped), the credit note with the cancelled
 * or returned mail, when it is on the order by then (the invoice desk issues it just after).
 */
export async function gstMailAttachments(
  order: {
    placed: OrderEventMap['OrderPlaced'] | null;
    gst: { tax: GstEventMap['OrderTaxDecided'] | null; invoice: GstEventMap['TaxInvoiceIssued'] | null; creditNote: GstEventMap['CreditNoteIssued'] | null; recipient: GstEventMap['InvoiceRecipientKept'] | null };
  },
  mail: { placed: boolean; status?: string },
  settings: { seller: GstSeller; timeZone: string },
): Promise<{ filename: string; contentType: string; content: string; encoding: 'base64' }[]> {
  const { placed } = order;
  const { tax, invoice, creditNote, recipient } = order.gst;
  if (!placed || !tax || !invoice) return [];
  const base = { seller: settings.seller, order: billedOrder(placed, recipient), tax, invoice, timeZone: settings.timeZone };
  const file = async (input: GstDocumentInput, number: string) => ({
    filename: `${number.replaceAll('/', '-')}.pdf`,
    contentType: 'application/pdf',
    content: (await renderGstDocument(input)).toString('base64'),
    encoding: 'base64' as const,
  });
  if (mail.placed || mail.status === 'shipped') return [await file({ kind: 'invoice', ...base }, invoice.number)];
  if (creditNote && (mail.status === 'cancelled' || mail.status === 'returned')) return [await file({ kind: 'credit-note', ...base, creditNote }, creditNote.number)];
  return [];
}
