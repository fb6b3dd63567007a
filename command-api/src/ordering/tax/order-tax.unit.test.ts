import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWords, apportion, financialYearOf, gstDocumentNumber, gstinProblem, GIFT_CARD_PRODUCT_ID, GST_RATES } from '@shop/contracts';
import { decideOrderTax, feeLines, giftCardsSold, goodsAfterOrderDiscount, orderTaxableLines, type PricedGoods } from './order-tax.ts';

const karnataka = { gstin: '29AAACG1234A1ZA', state: 'Karnataka' };
const fees = { delivery: { hsn: '996812', ratePercent: 18 as const }, cod: { hsn: '996812', ratePercent: 18 as const }, wrap: { hsn: '998540', ratePercent: 18 as const } };
const shirt: PricedGoods = { description: 'Cotton shirt', quantity: 2, hsn: '6205', ratePercent: 5, amountPaise: 1_049_00 };
const phone: PricedGoods = { description: 'Phone', quantity: 1, hsn: '8517', ratePercent: 18, amountPaise: 11_800_00 };

describe('the tax of an order', () => {
  it('takes CGST and SGST out of inclusive prices within the seller state', () => {
    const tax = decideOrderTax({ orderId: 'o1', seller: karnataka, placeOfSupply: 'Karnataka', lines: goodsAfterOrderDiscount([phone], 0) });
    expect(tax.intraState).toBe(true);
    expect(tax.lines[0]).toMatchObject({ taxablePaise: 10_000_00, cgstPaise: 900_00, sgstPaise: 900_00, igstPaise: 0 });
  });

  it('takes IGST to another state', () => {
    const tax = decideOrderTax({ orderId: 'o1', seller: karnataka, placeOfSupply: 'Maharashtra', lines: goodsAfterOrderDiscount([phone], 0) });
    expect(tax.intraState).toBe(false);
    expect(tax.lines[0]).toMatchObject({ taxablePaise: 10_000_00, cgstPaise: 0, sgstPaise: 0, igstPaise: 1_800_00 });
  });

  it('rounds the taxable value half up and gives the odd paisa to SGST', () => {
    // 1049 rupees at 5%: 104900 × 100 / 105 = 99904.76… → 99905, tax 4995 → CGST 2497, SGST 2498.
    const [line] = decideOrderTax({ orderId: 'o1', seller: karnataka, placeOfSupply: 'karnataka', lines: goodsAfterOrderDiscount([shirt], 0) }).lines;
    expect(line).toMatchObject({ taxablePaise: 99_905, cgstPaise: 2_497, sgstPaise: 2_498 });
  });

  it('shares a discount over the lines and taxes the delivery fee as a line of its own', () => {
    const lines = [...goodsAfterOrderDiscount([shirt, phone], 100_00), ...feeLines({ deliveryPaise: 40_00, codPaise: 0 }, fees)];
    const tax = decideOrderTax({ orderId: 'o1', seller: karnataka, placeOfSupply: 'Maharashtra', lines });
    // 10000 paise off 1,28,490 paise of goods: 816 to the shirt, 9184 to the phone.
    expect(tax.lines.map((line) => line.inclusivePaise)).toEqual([1_049_00 - 816, 11_800_00 - 9_184, 40_00]);
    expect(tax.lines[2]).toMatchObject({ kind: 'delivery', hsn: '996812', ratePercent: 18, taxablePaise: 3_390, igstPaise: 610 });
    expect(tax.totalPaise).toBe(1_049_00 + 11_800_00 - 100_00 + 40_00);
  });

  it('keeps a 0% line untaxed', () => {
    const [line] = decideOrderTax({ orderId: 'o1', seller: karnataka, placeOfSupply: 'Goa', lines: goodsAfterOrderDiscount([{ ...shirt, ratePercent: 0 }], 0) }).lines;
    expect(line).toMatchObject({ taxablePaise: 1_049_00, igstPaise: 0 });
  });

  it('adds up to the order total exactly, whatever the rates, discount, fees and paise', () => {
    const goods = fc.record({
      description: fc.constant('item'),
      quantity: fc.integer({ min: 1, max: 10 }),
      hsn: fc.constant('6205'),
      ratePercent: fc.constantFrom(...GST_RATES),
      amountPaise: fc.integer({ min: 1, max: 50_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(goods, { minLength: 1, maxLength: 8 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(50_000), fc.nat(10_000), fc.nat(10_000), fc.boolean(), (lines, share, delivery, cod, wrap, intra) => {
        const total = lines.reduce((sum, line) => sum + line.amountPaise, 0);
        const discount = Math.floor(total * share);
        const taxable = [...goodsAfterOrderDiscount(lines, discount), ...feeLines({ deliveryPaise: delivery, codPaise: cod, wrapPaise: wrap }, fees)];
        const tax = decideOrderTax({ orderId: 'o', seller: karnataka, placeOfSupply: intra ? 'Karnataka' : 'Kerala', lines: taxable });
        expect(tax.totalPaise).toBe(total - discount + delivery + cod + wrap);
        for (const line of tax.lines) {
          expect(line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(line.inclusivePaise);
          expect(Math.abs(line.taxablePaise * line.ratePercent - (line.cgstPaise + line.sgstPaise + line.igstPaise) * 100)).toBeLessThanOrEqual(100 + line.ratePercent);
          expect(intra ? line.igstPaise : line.cgstPaise + line.sgstPaise).toBe(0);
          expect(line.sgstPaise - line.cgstPaise).toBeGreaterThanOrEqual(0);
          expect(line.sgstPaise - line.cgstPaise).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('leaves a bought gift card out: its rupees are taxed on the goods it pays for, when it is spent', () => {
    const line = (lineId: string, productId: string, productTitle: string, subTotal: number) => ({ lineId, productId, productTitle, image: '', price: subTotal, quantity: 1, subTotal });
    const bottle = '6a1f0c0e0000000000000001';
    const order = {
      products: [line('l1', bottle, 'Copper bottle', 1_180), line('l2', GIFT_CARD_PRODUCT_ID, 'Gift card Rs 1,000', 1_000)],
      discount: { kind: 'first-order' as const, label: 'First order discount', amount: 20 },
      deliveryFee: 40,
      codFee: 0,
    };
    const lines = orderTaxableLines(order, new Map([[bottle, { hsn: '7418', ratePercent: 18 as const }]]), fees.delivery);
    // The first-order discount comes off the goods alone; the card is no line at all.
    expect(lines.map(({ kind, description, inclusivePaise }) => ({ kind, description, inclusivePaise }))).toEqual([
      { kind: 'goods', description: 'Copper bottle', inclusivePaise: 1_160_00 },
      { kind: 'delivery', description: 'Delivery', inclusivePaise: 40_00 },
    ]);
    const tax = decideOrderTax({ orderId: 'o1', seller: karnataka, placeOfSupply: 'Karnataka', lines });
    // What the order charges less the card it sold: 1180 − 20 + 40 + 1000 − 1000.
    expect(tax.totalPaise).toBe((1_180 - 20 + 40 + 1_000 - giftCardsSold(order.products)) * 100);
    expect(tax.lines[0]).toMatchObject({ taxablePaise: 983_05, cgstPaise: 88_47, sgstPaise: 88_48 });
    // An order of a card alone has nothing to tax (and so no invoice).
    expect(orderTaxableLines({ ...order, products: [order.products[1]!], discount: undefined, deliveryFee: 0 }, new Map(), fees.delivery)).toEqual([]);
  });

  it('apportions a discount by largest remainder, never more than a line holds', () => {
    expect(apportion([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(apportion([100, 200], 300)).toEqual([100, 200]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 10 }), fc.double({ min: 0, max: 1, noNaN: true }), (amounts, share) => {
        const discount = Math.floor(amounts.reduce((a, b) => a + b, 0) * share);
        const shares = apportion(amounts, discount);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(discount);
        shares.forEach((part, i) => expect(part).toBeLessThanOrEqual(amounts[i]!));
      }),
    );
  });
});

describe('GST documents', () => {
  it('checks a GSTIN: format, check character', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('29AAACG1234A1ZA')).toBeNull();
    expect(gstinProblem('29AAACG1234A1ZB')).toMatch(/check character/);
    expect(gstinProblem('29AAACG1234A1Z')).toMatch(/15 characters/);
  });

  it('numbers in the financial year of the shop time zone, April to March', () => {
    expect(financialYearOf('2027-03-31T18:29:59.999Z', 'Asia/Kolkata')).toBe('26-27');
    expect(financialYearOf('2027-03-31T18:30:00.000Z', 'Asia/Kolkata')).toBe('27-28');
    expect(gstDocumentNumber('GG', '26-27', 123)).toBe('GG/26-27/000123');
  });

  it('writes amounts in words with lakh and crore, rupees and paise', () => {
    expect(amountInWords(1_23_45_678_05)).toBe('Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Five Paise Only');
    expect(amountInWords(100_00)).toBe('Rupees One Hundred Only');
    expect(amountInWords(99)).toBe('Rupees Zero and Ninety-Nine Paise Only');
  });
});
