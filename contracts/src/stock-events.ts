import { z } from 'zod';
import { idSchema } from './ids.ts';
import { skuSchema } from './product-variants.ts';

/**
 * Stock is a stream per product so "never below zero" holds by expected-revision appends; a
 * product with variants keeps each variant's count in the same stream (`sku`), so one append
 * checks one variant's count and a checkout of several variants of a product reads one stream.
 * `remaining` is the stock after the event (the variant's, when `sku` is given), so a reader sets
 * it instead of counting. Version 2 of each: `sku` added; version 1 events moved the product's
 * one count, as a product without variants still does.
 */
const variantSku = skuSchema.optional();

export const stockReserved = z.object({
  productId: idSchema,
  sku: variantSku,
  /** The payment id of the checkout holding the stock (one reservation per payment). */
  reservationId: z.string().min(1),
  quantity: z.number().int().min(1),
  remaining: z.number().int().min(0),
});
export const stockReleased = stockReserved.extend({ reason: z.string().max(200) });

/** Stock the shop took in (a delivery counted by an admin): it adds, so it never races a checkout. */
export const stockReceived = z.object({
  productId: idSchema,
  sku: variantSku,
  /** One per receipt, so a retried append never counts a delivery twice. */
  receiptId: idSchema,
  quantity: z.number().int().min(1).max(100_000),
  remaining: z.number().int().min(0),
});

export const stockEventSchemas = { StockReserved: stockReserved, StockReleased: stockReleased, StockReceived: stockReceived } as const;
export type StockEventMap = { [K in keyof typeof stockEventSchemas]: z.infer<(typeof stockEventSchemas)[K]> };

export const stockStreams = { product: (productId: string) => `stock-${productId}` } as const;

/** Stock events 1 → 2: a version 1 event moved the product's one count (no `sku`), read as written. */
export function stockEventWithoutSku(data: unknown): unknown {
  return data;
}
