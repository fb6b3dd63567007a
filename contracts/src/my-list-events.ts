import { z } from 'zod';
import { idSchema } from './ids.ts';

export const myListItemAdded = z.object({
  userId: z.string().min(1),
  entryId: idSchema,
  productId: idSchema,
  productTitle: z.string().min(1).max(200),
  image: z.string(),
  rating: z.number().min(0).max(5),
  price: z.number().int().min(0),
});
export const myListItemRemoved = z.object({ userId: z.string().min(1), entryId: idSchema, productId: idSchema });

export const myListEventSchemas = { MyListItemAdded: myListItemAdded, MyListItemRemoved: myListItemRemoved } as const;
export type MyListEventMap = { [K in keyof typeof myListEventSchemas]: z.infer<(typeof myListEventSchemas)[K]> };

export const myListStreams = { list: (userId: string) => `mylist-${userId}` } as const;

export const MY_LIST_MESSAGES = {
  duplicate: 'Product already added in the My List',
  notFound: 'My List entry not found',
  removed: 'item removed from My List!',
} as const;
