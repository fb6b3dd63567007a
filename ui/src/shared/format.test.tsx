import { describe, expect, it } from 'vitest';
import { CARD_NAME_LENGTH, CART_TITLE_LENGTH, SUGGESTION_NAME_LENGTH } from './constants.ts';
import { datePart, discountPercent, inStock, rupees, truncate } from './format.ts';

describe('truncate', () => {
  const name = 'Kalakriti Boho Ceramic Planter Set of Three, Terracotta Orange With Stand';

  it('cuts card names at 20 characters and appends an ellipsis', () => {
    expect(truncate(name, CARD_NAME_LENGTH)).toBe('Kalakriti Boho Ceram...');
    expect(truncate(name, CARD_NAME_LENGTH)).toHaveLength(23);
  });

  it('cuts cart titles at 30 and suggestions at 50', () => {
    expect(truncate(name, CART_TITLE_LENGTH)).toBe(`${name.slice(0, 30)}...`);
    expect(truncate(name, SUGGESTION_NAME_LENGTH)).toBe(`${name.slice(0, 50)}...`);
  });

  it('leaves names at or under the limit alone', () => {
    expect(truncate('Exactly twenty chars', 20)).toBe('Exactly twenty chars');
    expect(truncate('Short', 20)).toBe('Short');
    expect(truncate(undefined, 20)).toBe('');
  });
});

describe('prices and dates', () => {
  it('prefixes prices with Rs and groups digits the Indian way', () => {
    expect(rupees(1699)).toBe('Rs 1,699');
    expect(rupees(125000)).toBe('Rs 1,25,000');
    expect(rupees(12345678)).toBe('Rs 1,23,45,678');
    expect(rupees(999)).toBe('Rs 999');
    expect(rupees(0)).toBe('Rs 0');
    expect(rupees(1299.5)).toBe('Rs 1,299.50');
    for (const n of [1, 12, 123, 1234, 12345, 123456, 1234567, 98765432]) expect(rupees(n)).toBe(`Rs ${n.toLocaleString('en-IN')}`);
  });

  it('keeps only the date part of an ISO timestamp', () => {
    expect(datePart('2026-01-05T10:20:30.000Z')).toBe('2026-01-05');
  });

  it('uses the stored discount, else derives it from the prices', () => {
    expect(discountPercent({ discount: 15, price: 1699, oldPrice: 1999 })).toBe(15);
    expect(discountPercent({ discount: 0, price: 750, oldPrice: 1000 })).toBe(25);
    expect(discountPercent({ discount: 0, price: 1000, oldPrice: 1000 })).toBe(0);
  });

  it('is in stock from one unit up', () => {
    expect(inStock(1)).toBe(true);
    expect(inStock(0)).toBe(false);
  });
});
