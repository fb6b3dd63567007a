import {
  cartLineReply,
  CART_MESSAGES,
  newId,
  offerFor,
  stockForChoice,
  storedCartLine,
  variantLabel,
  VARIANT_OPTION_KINDS,
  VARIANT_OPTION_NAMES,
  type CartLineDoc,
  type LineOffer,
  type OptionChoice,
  type ProductDoc,
} from '@shop/contracts';
import { DomainError } from '../shared/decider.ts';
import type { CatalogProducts } from '../shared/catalog-products.ts';
import { cartStream, type CartLine, type CartState } from './decider.ts';
import type { CommandContext, StreamCommands } from '../shared/stream-commands.ts';

/** The product as the catalog read model has it now: prices and titles come from here only. */
async function catalogProduct(products: CatalogProducts, productId: string): Promise<Readonly<ProductDoc>> {
  const product = await products.get(productId);
  if (!product) throw new DomainError('not-found', 'Product not found');
  return product;
}

export interface CartChoice {
  productRam?: string | null;
  size?: string | null;
  productWeight?: string | null;
}

/** A cart line reply; `dateCreated` is missing only for a line whose add event did not record it. */
export type CartLineReply = Omit<CartLineDoc, 'dateCreated'> & { dateCreated?: string };

/**
 * The line exactly as the next `GET /api/cart` serves it, built from the decided state alone, so
 * the reply needs no read of its own (a line added before add events recorded their date lacks it).
 */
export function lineReply(userId: string, line: CartLine, countInStock: number): CartLineReply {
  const { dateCreated, ...shown } = line;
  return { ...cartLineReply(storedCartLine({ ...shown, userId }, dateCreated ?? ''), countInStock), dateCreated };
}

/**
 * The cart's write side. Everything shown on a line (title, image, rating, price) is copied
 * from the catalog read model here; the client only names the product, quantity and options.
 */
export class CartCommands {
  constructor(
    private readonly streams: StreamCommands,
    private readonly products: CatalogProducts,
  ) {}

  state(userId: string): Promise<CartState> {
    return this.streams.load(cartStream.at(userId));
  }

  async add(userId: string, input: { productId: string; quantity: number } & CartChoice, ctx: CommandContext = {}) {
    const product = await catalogProduct(this.products, input.productId);
    const choice = {
      productRam: chosen(input.productRam, product.productRam, 'RAM'),
      size: chosen(input.size, product.size, 'size'),
      productWeight: chosen(input.productWeight, product.productWeight, 'weight'),
    };
    // The variant chosen sets the line's price and the stock it may take.
    const offer = chosenOffer(product, choice);
    const line = {
      lineId: newId(),
      productId: product.id,
      productTitle: product.name,
      image: product.images[0] ?? '',
      rating: product.rating,
      price: offer.price,
      ...choice,
      dateCreated: new Date().toISOString(),
    };
    const command = { type: 'AddItem', userId, line, quantity: input.quantity, stock: offer.countInStock } as const;
    const result = await this.streams.handle(cartStream.at(userId), command, { ...ctx, userId });
    // A new line, or the line with the same options that this add raised.
    const event = result.events[0];
    const lineId = event?.type === 'CartItemQuantityChanged' ? event.data.lineId : line.lineId;
    const added = result.state.lines.get(lineId)!;
    return { line: lineReply(userId, added, offer.countInStock), position: result.position };
  }

  async changeQuantity(userId: string, lineId: string, quantity: number, ctx: CommandContext = {}) {
    const { product, line: current } = await this.productOfLine(userId, lineId);
    const stock = stockForChoice(product, current);
    const command = { type: 'ChangeQuantity', userId, lineId, quantity, stock } as const;
    const result = await this.streams.handle(cartStream.at(userId), command, { ...ctx, userId });
    const line = result.state.lines.get(lineId)!;
    return { line: lineReply(userId, line, stock), position: result.position };
  }

  async remove(userId: string, lineId: string, ctx: CommandContext = {}) {
    const command = { type: 'RemoveItem', userId, lineId } as const;
    return this.streams.handle(cartStream.at(userId), command, { ...ctx, userId });
  }

  /** Takes the paid lines out of the cart once their order is placed (idempotent per order). */
  async checkOut(userId: string, orderId: string, lineIds: string[], ctx: CommandContext = {}) {
    const command = { type: 'CheckOut', userId, orderId, lineIds } as const;
    return this.streams.handle(cartStream.at(userId), command, ctx);
  }

  private async productOfLine(userId: string, lineId: string): Promise<{ product: ProductDoc; line: CartLine }> {
    const line = (await this.state(userId)).lines.get(lineId);
    if (!line) throw new DomainError('not-found', CART_MESSAGES.notFound);
    return { product: await catalogProduct(this.products, line.productId), line };
  }
}

/** A chosen RAM/size/weight must be one the product offers; none chosen is allowed. */
function chosen(value: string | null | undefined, options: string[], label: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (!options.includes(value)) throw new DomainError('invalid', `This product has no ${label} option "${value}"`);
  return value;
}

/**
 * What the choice buys: a product with variants must be given one of them (every option it
 * has, in a combination it sells); one without sells itself at its own price and stock.
 */
function chosenOffer(product: ProductDoc, choice: OptionChoice): LineOffer {
  const offer = offerFor(product, choice);
  if (offer) return offer;
  const missing = VARIANT_OPTION_KINDS.filter((kind) => product[kind].length > 0 && !choice[kind]);
  if (missing.length > 0) throw new DomainError('invalid', `Please choose a ${missing.map(optionNoun).join(' and ')}`);
  throw new DomainError('invalid', `This product is not sold as ${variantLabel(choice)}`);
}

const optionNoun = (kind: keyof OptionChoice) => (kind === 'productRam' ? 'RAM' : VARIANT_OPTION_NAMES[kind].toLowerCase());
