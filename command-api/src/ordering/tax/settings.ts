import type { GstRate } from '@shop/contracts';
import type { GstSettings } from './gst-invoicing.ts';

/** The configuration values GST reads (platform config's GSTIN, GST_*, SHOP_TIME_ZONE). */
export interface GstConfig {
  GST_SELLER_LEGAL_NAME: string;
  GST_SELLER_ADDRESS: string;
  GST_SELLER_STATE: string;
  GSTIN: string;
  GST_INVOICE_AT: 'payment' | 'dispatch';
  GST_INVOICE_PREFIX: string;
  GST_CREDIT_NOTE_PREFIX: string;
  GST_DEFAULT_HSN: string;
  GST_DEFAULT_RATE: GstRate;
  GST_FEE_SAC: string;
  GST_FEE_RATE: GstRate;
  SHOP_TIME_ZONE: string;
}

export function gstSettings(config: GstConfig): GstSettings {
  return {
    seller: { legalName: config.GST_SELLER_LEGAL_NAME, address: config.GST_SELLER_ADDRESS, state: config.GST_SELLER_STATE, gstin: config.GSTIN },
    invoiceAt: config.GST_INVOICE_AT,
    invoicePrefix: config.GST_INVOICE_PREFIX,
    creditNotePrefix: config.GST_CREDIT_NOTE_PREFIX,
    defaultClass: { hsn: config.GST_DEFAULT_HSN, ratePercent: config.GST_DEFAULT_RATE },
    feeClass: { hsn: config.GST_FEE_SAC, ratePercent: config.GST_FEE_RATE },
    timeZone: config.SHOP_TIME_ZONE,
  };
}
