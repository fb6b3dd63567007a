import type { CartLineSnapshot } from './cart-events.ts';
import type { Identified, ProductDoc } from './catalog-read-models.ts';
import { stockForChoice } from './product-variants.ts';

/** A cart line as `GET /api/cart` serves it (the original's fields, plus the options and dateCreated). */
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

/** A cart line as the read model stores it: everything but the live countInStock. */
export type StoredCartLine = Omit<CartLineDoc, 'countInStock'>;

/**
 * The one place a cart line's shape is built. `dateCreated` is the time of the `CartItemAdded`
 * event (its metadata timestamp), so every reply of a line, from the add on, shows the same date.
 */
export function storedCartLine(line: CartLineSnapshot & { userId: string; quantity: number }, dateCreated: string): StoredCartLine {
  const { lineId, ...rest } = line;
  return { _id: lineId, id: lineId, ...rest, subTotal: line.price * line.quantity, dateCreated };
}

/** A cart line reply (`GET /api/cart`, and the add and change replies): the stored line with stock joined. */
export function cartLineReply(stored: StoredCartLine, countInStock: number): CartLineDoc {
  return { ...stored, countInStock };
}

/** A line's live stock: its variant's (or the product's) count, 0 once the product or variant is gone. */
export function lineStock(product: ProductDoc | undefined, line: Pick<StoredCartLine, 'size' | 'productRam' | 'productWeight'>): number {
  return product ? stockForChoice(product, line) : 0;
}
