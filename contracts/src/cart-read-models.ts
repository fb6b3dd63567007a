import type { Identified } from './catalog-read-models.ts';

/** A cart line as `GET /api/cart` serves it (api-replies.md). */
export interface CartLineDoc extends Identified {
  userId: string;
  productId: string;
  productTitle: string;
  image: string;
  rating: number;
  price: number;
  quantity: number;
  /** price × quantity, whole rupees. */
  subTotal: number;
  /** Live from the catalog when read, so the quantity control stops at what is really left. */
  countInStock: number;
  productRam: string | null;
  size: string | null;
  productWeight: string | null;
  dateCreated: string;
}

/** The header's cart badge: number of lines and their total in rupees. */
export interface CartCount {
  count: number;
  total: number;
}
