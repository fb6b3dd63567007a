import { z } from 'zod';
import { idSchema } from './ids.ts';

/**
 * Stock is a stream per product so "never below zero" holds by expected-revision appends.
 * `remaining` is the stock after the event, so a reader sets it instead of counting.
 */
export const stockReserved = z.object({
  productId: idSchema,
  /** The payment id of the checkout holding the stock (one reservation per payment). */
  reservationId: z.string().min(1),
  quantity: z.number().int().min(1),
  remaining: z.number().int().min(0),
});
export const stockReleased = stockReserved.extend({ reason: z.string().max(200) });

/** Stock the shop took in (a delivery counted by an admin): it adds, so it never races a checkout. */
export const stockReceived = z.object({
  productId: idSchema,
  /** One per receipt, so a retried append never counts a delivery twice. */
  receiptId: idSchema,
  quantity: z.number().int().min(1).max(100_000),
  remaining: z.number().int().min(0),
});

export const stockEventSchemas = { StockReserved: stockReserved, StockReleased: stockReleased, StockReceived: stockReceived } as const;
export type StockEventMap = { [K in keyof typeof stockEventSchemas]: z.infer<(typeof stockEventSchemas)[K]> };

export const stockStreams = { product: (productId: string) => `stock-${productId}` } as const;
