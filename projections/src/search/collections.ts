import { SEARCH } from '@shop/contracts';
import type { CollectionSpec } from '@shop/platform';

/**
 * The search read model: one small entry per product with the words shoppers search by, and the
 * category names those entries copy. The query side keeps its in-memory index in step by reading
 * entries whose `seq` (the log position of the event that last wrote them) is past what it has.
 * The names live in @shop/contracts.
 */

export const searchCollections: CollectionSpec[] = [
  { name: SEARCH.entries, indexes: [['seq']] },
  { name: SEARCH.categories },
];
