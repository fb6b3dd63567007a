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

/**
 * Subcategories whose goods fall under another heading than their category's: their products
 * carry a tax class of their own (tea is 0902, not the spices' 0910; a kurta set is a women's
 * ensemble, 6204, not a T-shirt, 6109).
 */
export const SEED_SUBCATEGORY_TAX_CLASSES: Readonly<Record<string, Readonly<Record<string, TaxClass>>>> = {
  Fashion: {
    Menswear: { hsn: '6205', ratePercent: 5 },
    Womenswear: { hsn: '6204', ratePercent: 5 },
    Kidswear: { hsn: '6111', ratePercent: 5 },
    'Ethnic Wear': { hsn: '6204', ratePercent: 5 },
  },
  Groceries: {
    'Tea & Coffee': { hsn: '0902', ratePercent: 5 },
    'Dry Fruits & Nuts': { hsn: '0802', ratePercent: 5 },
    'Snacks & Sweets': { hsn: '2106', ratePercent: 5 },
  },
};
