import { createHash } from 'node:crypto';
import { reviewStream, type AddReview, type CatalogFile, type ReviewEvent } from '@shop/command-api';
import { WrongExpectedRevisionError, newEventId, type EventStore } from '@shop/platform';

/**
 * The demo catalog's stars as real reviews. A product's rating is the average of its reviews, so
 * a seeded product that should show 4.5 stars gets reviews averaging 4.5 (written as
 * ProductReviewed events through the review decider, like any shopper's), and a reader sees who
 * said what. Seed reviewers bought nothing: their reviews are not verified.
 */

const REVIEWERS = ['Aarav Sharma', 'Priya Nair', 'Rohan Gupta', 'Ananya Iyer', 'Vikram Singh', 'Meera Pillai', 'Kabir Mehta', 'Diya Reddy', 'Arjun Das', 'Ishita Bose', 'Farhan Khan', 'Lakshmi Rao'];
const WORDS: Record<'high' | 'mid' | 'low', readonly string[]> = {
  high: ['Exactly as described, very happy with it.', 'Great quality for the price.', 'Well made and arrived on time.', 'Would buy again.'],
  mid: ['Decent for the price.', 'Good, though not quite what the pictures suggest.', 'Does the job.'],
  low: ['Not worth the money.', 'Quality could be better.', 'Disappointed with this one.'],
};
const DAY_MS = 86_400_000;

/** A number from the product id, so the same catalog always gets the same reviews. */
function hashOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

/** Ratings (half steps, 1 to 5) averaging exactly `rating`: one at it, then pairs half a star either side. */
export function ratingsAveraging(rating: number, count: number): number[] {
  const ratings = count % 2 === 1 ? [rating] : [];
  const spread = rating - 0.5 >= 1 && rating + 0.5 <= 5 ? 0.5 : 0;
  while (ratings.length < count) ratings.push(rating + spread, rating - spread);
  return ratings;
}

/** The seed reviews of one product: one to four, averaging its listed rating (none for an unrated one). */
export function seedReviewCommands(product: CatalogFile['products'][number]): AddReview[] {
  if (!(product.rating >= 1)) return [];
  const hash = hashOf(product.id);
  const listed = Date.parse(product.dateCreated ?? '2025-01-01T00:00:00.000Z');
  return ratingsAveraging(product.rating, 1 + (hash % 4)).map((customerRating, i) => {
    const reviewer = (hash + i * 5) % REVIEWERS.length;
    const words = WORDS[customerRating >= 4 ? 'high' : customerRating >= 3 ? 'mid' : 'low'];
    return {
      type: 'AddReview',
      reviewId: createHash('sha256').update(`seed-review:${product.id}:${i}`).digest('hex').slice(0, 24),
      productId: product.id,
      customerId: `seed-reviewer-${reviewer}`,
      customerName: REVIEWERS[reviewer]!,
      review: words[(hash >>> 8) % words.length]!,
      customerRating,
      dateCreated: new Date(listed + (i + 1) * 3 * DAY_MS).toISOString(),
      verifiedBuyer: false,
      verifiedBuyersOnly: false,
    };
  });
}

/**
 * Writes each product's seed reviews in one append that expects a new stream, so a product that
 * already has reviews (a second seeder racing, real shoppers) is left alone. Returns the last position.
 */
export async function seedReviews(events: EventStore, products: CatalogFile['products']): Promise<bigint> {
  let position = 0n;
  for (const product of products) {
    const commands = seedReviewCommands(product);
    if (commands.length === 0) continue;
    const stream = reviewStream.at(product.id);
    const decided: ReviewEvent[] = [];
    let state = stream.decider.initialState;
    for (const command of commands) {
      const next = stream.decider.decide(command, state);
      for (const event of next) stream.check(event);
      decided.push(...next);
      state = next.reduce(stream.decider.evolve, state);
    }
    const timestamp = commands.at(-1)!.dateCreated;
    try {
      const appended = await events.append(
        stream.id,
        decided.map((event) => ({ id: newEventId(), type: event.type, data: event.data, metadata: { correlationId: 'seed', timestamp } })),
        'no_stream',
      );
      if (appended.position > position) position = appended.position;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  return position;
}
