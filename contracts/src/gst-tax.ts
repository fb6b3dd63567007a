import type { GstRate, TaxLine } from './gst.ts';

/**
 * The tax arithmetic of an order, pure: prices in the catalog are tax-inclusive (as Indian
 * shoppers see them), so each line's tax is taken out of what the shopper pays for it.
 *
 * Rounding rule, in paise: a line's taxable value is its inclusive amount × 100 / (100 + rate),
 * rounded half up to the paisa; its tax is the rest (inclusive − taxable), so every line adds up
 * to what the shopper pays exactly and the lines add up to the order's amount. Within the
 * seller's state the tax is split into CGST and SGST, CGST taking the half rounded down and SGST
 * the rest (an odd paisa goes to SGST); to another state it is all IGST.
 */

/** One line to tax: what the shopper pays for it after every discount, tax included. */
export interface TaxableLine {
  kind: TaxLine['kind'];
  description: string;
  hsn: string;
  quantity: number;
  ratePercent: GstRate;
  inclusivePaise: number;
}

/** Splits each line's inclusive amount into taxable value and tax (see the rounding rule above). */
export function taxLines(lines: readonly TaxableLine[], intraState: boolean): TaxLine[] {
  return lines.map((line) => {
    if (!Number.isSafeInteger(line.inclusivePaise) || line.inclusivePaise < 0) throw new RangeError(`a line's amount is whole paise from 0: ${line.inclusivePaise}`);
    const inclusive = BigInt(line.inclusivePaise);
    const divisor = BigInt(100 + line.ratePercent);
    // Half up: (2·a·100 + divisor) / (2·divisor), in integers.
    const taxable = Number((inclusive * 200n + divisor) / (divisor * 2n));
    const tax = line.inclusivePaise - taxable;
    const cgst = intraState ? Math.floor(tax / 2) : 0;
    const sgst = intraState ? tax - cgst : 0;
    return { ...line, taxablePaise: taxable, cgstPaise: cgst, sgstPaise: sgst, igstPaise: intraState ? 0 : tax };
  });
}

/**
 * An order-level discount shared over lines in proportion to their amounts, in paise, by largest
 * remainder: each line gets its share rounded down, and the paise left over go one each to the
 * lines with the largest fractions (the earlier line first on a tie), so the shares add up to the
 * discount exactly and no line gets more than its amount.
 */
export function apportion(amounts: readonly number[], discount: number): number[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  if (discount < 0 || discount > total || !Number.isSafeInteger(discount)) throw new RangeError(`a discount of ${discount} paise cannot come off ${total}`);
  if (discount === 0) return amounts.map(() => 0);
  const exact = amounts.map((amount) => BigInt(amount) * BigInt(discount));
  const shares = exact.map((product) => Number(product / BigInt(total)));
  const remainders = exact.map((product, index) => ({ index, rest: product % BigInt(total) }));
  let left = discount - shares.reduce((sum, share) => sum + share, 0);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** Rupees and paise in words, the Indian way (lakh, crore): "Rupees One Thousand Two Hundred Thirty-Four and Fifty Paise Only". */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = `Rupees ${rupees === 0 ? 'Zero' : indianNumberInWords(rupees)}`;
  return rest === 0 ? `${words} Only` : `${words} and ${indianNumberInWords(rest)} Paise Only`;
}

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const ones = n % 10;
  return ones ? `${TENS[Math.floor(n / 10)]}-${ONES[ones]}` : TENS[Math.floor(n / 10)]!;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number above 0 in words with the Indian grouping: crore (10^7), lakh (10^5), thousand, hundred. */
function indianNumberInWords(n: number): string {
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${indianNumberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}
