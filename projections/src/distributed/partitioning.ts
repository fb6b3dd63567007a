/**
 * Which projections the projector workers apply partition by partition, and how their
 * checkpoints are named.
 *
 * The relay keys every Kafka message by its stream id, so a partition carries whole streams in
 * log order but only some streams, and partitions advance independently. Applying a projection
 * per partition is therefore only correct when each of its documents is written (and read) by
 * the events of one stream: then nothing it computes depends on the order of events of two
 * partitions, and two workers never write the same document. The list below is that judgement,
 * projection by projection:
 *
 * - accounts:  users and uploads from `account-<userId>` only.
 * - cart:      lines from `cart-<userId>` only.
 * - my-list:   entries from `mylist-<userId>` only.
 * - reviews:   reviews from `review-<productId>` only.
 * - orders:    orders from `order-<orderId>` only.
 * - checkouts: processes from `checkout-<paymentId>` only.
 * - shopper:   the five above combined into one (cart/shopper-group.ts); a combination of
 *              partition-safe projections is partition-safe.
 *
 * The catalog is NOT partition-safe: a product document is written by its product stream, its
 * stock stream and its review stream (three partitions, so two workers could overwrite each
 * other's change), and products and banners copy category names, which needs the category's
 * events first. Any projection not listed here (including ones added later) is treated the
 * same way: it follows the whole log in order, from one checkpoint, in exactly one worker (the
 * owner of partition 0), like the embedded runner does.
 */
export const PARTITIONED_PROJECTIONS: ReadonlySet<string> = new Set([
  'accounts',
  'cart',
  'my-list',
  'reviews',
  'orders',
  'checkouts',
  'shopper',
]);

export function isPartitioned(projection: string): boolean {
  return PARTITIONED_PROJECTIONS.has(projection);
}

/**
 * A partitioned projection keeps one checkpoint per partition: the position of the last event
 * (or relay watermark) of that partition it has applied. Positions within a partition only grow,
 * so "skip what is at or before the checkpoint" makes redelivery and rebalances harmless.
 */
export function partitionCheckpoint(projection: string, partition: number): string {
  return `${projection}@${partition}`;
}

/** Set to a rebuild's epoch while it holds the projection's live writers; 0 otherwise. */
export function pauseCheckpoint(projection: string): string {
  return `rebuild:${projection}`;
}

/** A partition's acknowledgement that it holds `projection` for the rebuild of this epoch. */
export function heldCheckpoint(projection: string, partition: number): string {
  return `rebuild:${projection}@${partition}`;
}
