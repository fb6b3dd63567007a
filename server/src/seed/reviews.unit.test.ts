import { describe, expect, it } from 'vitest';
import { roundToHalf } from '@shop/contracts';
import { generateCatalog } from './catalog-data.ts';
import { ratingsAveraging, seedReviewCommands } from './reviews.ts';

describe('seed reviews', () => {
  it('average exactly the rating each seeded product shows, in half steps from 1 to 5', () => {
    for (const rating of [1, 1.5, 3, 4.5, 5]) {
      for (let count = 1; count <= 4; count++) {
        const ratings = ratingsAveraging(rating, count);
        expect(ratings).toHaveLength(count);
        expect(ratings.reduce((sum, r) => sum + r, 0) / count).toBe(rating);
        for (const r of ratings) expect(r >= 1 && r <= 5 && Number.isInteger(r * 2)).toBe(true);
      }
    }
  });

  it('give every rated seeded product its stars through reviews, the same ones every time', () => {
    const products = generateCatalog().products;
    for (const product of products.slice(0, 50)) {
      const reviews = seedReviewCommands(product);
      expect(reviews.length).toBeGreaterThan(0);
      expect(roundToHalf(reviews.reduce((sum, r) => sum + r.customerRating, 0) / reviews.length)).toBe(product.rating);
      expect(new Set(reviews.map((r) => r.customerId)).size).toBe(reviews.length);
      expect(reviews.every((r) => !r.verifiedBuyer)).toBe(true);
      expect(seedReviewCommands(product)).toEqual(reviews);
    }
    expect(seedReviewCommands({ ...products[0]!, rating: 0 })).toEqual([]);
  });
});
