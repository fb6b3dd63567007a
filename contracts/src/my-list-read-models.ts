import type { Identified } from './catalog-read-models.ts';

/** A My List entry as `GET /api/my-list` serves it. */
export interface MyListDoc extends Identified {
  userId: string;
  productId: string;
  productTitle: string;
  image: string;
  rating: number;
  price: number;
  dateCreated: string;
}
