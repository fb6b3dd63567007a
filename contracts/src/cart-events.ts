import { z } from 'zod';
import { idSchema } from './ids.ts';

/**
 * What a cart line shows, copied from the catalog read model when the line is added so the
 * event says what the shopper saw (price and title as they were), never what the client sent.
 */
export const cartLineSnapshot = z.object({
  lineId: idSchema,
  productId: idSchema,
  productTitle: z.string().min(1).max(200),
  image: z.string(),
  rating: z.number().min(0).max(5),
  /** Whole rupees, as the catalog lists them. */
  price: z.number().int().min(0),
  productRam: z.string().max(40).nullable(),
  size: z.string().max(40).nullable(),
  productWeight: z.string().max(40).nullable(),
});
export type CartLineSnapshot = z.infer<typeof cartLineSnapshot>;

export const cartItemAdded = cartLineSnapshot.extend({
  userId: z.string().min(1),
  quantity: z.number().int().min(1),
  /**
   * When the line was added (ISO time), so the write side can answer with the line exactly as the
   * next read serves it. Optional: lines added before it was recorded take their event's timestamp.
   */
  dateCreated: z.iso.datetime().optional(),
});
export const cartItemQuantityChanged = z.object({
  userId: z.string().min(1),
  lineId: idSchema,
  productId: idSchema,
  quantity: z.number().int().min(1),
});
export const cartItemRemoved = z.object({ userId: z.string().min(1), lineId: idSchema, productId: idSchema });
/** The lines an order was placed for leave the cart; lines added meanwhile stay. */
export const cartCheckedOut = z.object({ userId: z.string().min(1), orderId: idSchema, lineIds: z.array(idSchema) });

export const cartEventSchemas = {
  CartItemAdded: cartItemAdded,
  CartItemQuantityChanged: cartItemQuantityChanged,
  CartItemRemoved: cartItemRemoved,
  CartCheckedOut: cartCheckedOut,
} as const;

export type CartEventMap = { [K in keyof typeof cartEventSchemas]: z.infer<(typeof cartEventSchemas)[K]> };

export const cartStreams = { cart: (userId: string) => `cart-${userId}` } as const;

