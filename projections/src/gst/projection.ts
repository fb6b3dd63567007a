import { GST, gstEventSchemas, type GstDocumentDoc, type GstEventMap } from '@shop/contracts';
import type { Projection } from '../projection.ts';

type TaxDoc = GstEventMap['OrderTaxDecided'] & { _id: string; id: string };

/**
 * The GST documents issued, one per invoice and credit note with the lines it states, for the
 * accountant's monthly summary (found by `issuedAt`). An order's tax is kept from when it is
 * placed, since its invoice may come later (on dispatch).
 */
export const gstProjection: Projection = {
  name: 'gst',
  version: 1,
  collections: [
    { name: GST.documents, indexes: [['issuedAt']] },
    { name: GST.orderTax, indexes: [] },
  ],
  handles: new Set(['OrderTaxDecided', 'TaxInvoiceIssued', 'CreditNoteIssued']),
  async apply(event, view) {
    if (event.type === 'OrderTaxDecided') {
      const tax = gstEventSchemas.OrderTaxDecided.parse(event.data);
      view.put<TaxDoc>(GST.orderTax, { _id: tax.orderId, id: tax.orderId, ...tax });
      return;
    }
    const issued: GstEventMap['TaxInvoiceIssued'] & { invoiceNumber?: string } =
      event.type === 'TaxInvoiceIssued' ? gstEventSchemas.TaxInvoiceIssued.parse(event.data) : gstEventSchemas.CreditNoteIssued.parse(event.data);
    const tax = await view.get<TaxDoc>(GST.orderTax, issued.orderId);
    if (!tax) return;
    const doc: GstDocumentDoc = {
      _id: issued.number,
      id: issued.number,
      kind: event.type === 'TaxInvoiceIssued' ? 'invoice' : 'credit-note',
      number: issued.number,
      orderId: issued.orderId,
      invoiceNumber: issued.invoiceNumber ?? null,
      issuedAt: issued.issuedAt,
      placeOfSupply: tax.placeOfSupply,
      intraState: tax.intraState,
      lines: tax.lines,
    };
    view.put(GST.documents, doc);
  },
};
