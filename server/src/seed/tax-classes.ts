import type { TaxClass } from '@shop/contracts';

/**
 * The demo categories' HSN codes and GST rates (a category's products are taxed so unless a
 * product has its own): the chapter heading most of the category's goods fall under.
 */
export const SEED_TAX_CLASSES: Readonly<Record<string, TaxClass>> = {
  Fashion: { hsn: '6109', ratePercent: 5 },
  Electronics: { hsn: '8517', ratePercent: 18 },
  Bags: { hsn: '4202', ratePercent: 18 },
  Footwear: { hsn: '6404', ratePercent: 12 },
  Groceries: { hsn: '0910', ratePercent: 5 },
  Beauty: { hsn: '3304', ratePercent: 18 },
  Wellness: { hsn: '2106', ratePercent: 18 },
  Jewellery: { hsn: '7117', ratePercent: 12 },
  'Home & Kitchen': { hsn: '7323', ratePercent: 12 },
  'Toys & Gifts': { hsn: '9503', ratePercent: 12 },
};
