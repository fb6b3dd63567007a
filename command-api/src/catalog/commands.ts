import { catalogStreams, newId, type CatalogEventMap, type ProductDetails } from '@shop/contracts';
import type { EventStore } from '@shop/platform';
import { DomainError } from '../shared/decider.ts';
import { StreamCommands, type CommandContext } from '../shared/stream-commands.ts';
import { bannerStream, catalogSeedStream, categoryOrderStream, categoryStream, productStream } from './decider.ts';

/**
 * The catalog's write side. There is no admin screen: the seed command and the JSON import
 * call these, and so could a future back office.
 */
export class CatalogCommands {
  /** The shop passes its pipeline; the seed and import tools may let it make its own. */
  constructor(
    store: EventStore,
    private readonly streams = new StreamCommands(store),
  ) {}

  async createCategory(input: { categoryId?: string; name: string; color: string; images: string[] }, ctx?: CommandContext) {
    const categoryId = input.categoryId ?? newId();
    const result = await this.streams.handle(categoryStream.at(categoryId), { type: 'CreateCategory', ...input, categoryId }, ctx);
    return { categoryId, position: result.position };
  }

  async addSubcategory(input: { categoryId: string; subcategoryId?: string; name: string }, ctx?: CommandContext) {
    const subcategoryId = input.subcategoryId ?? newId();
    const result = await this.streams.handle(categoryStream.at(input.categoryId), { type: 'AddSubcategory', ...input, subcategoryId }, ctx);
    return { subcategoryId, position: result.position };
  }

  /** Renames, recolours or replaces the images of a category (any subset). */
  async reviseCategory(input: { categoryId: string; name?: string; color?: string; images?: string[] }, ctx?: CommandContext) {
    const result = await this.streams.handle(categoryStream.at(input.categoryId), { type: 'ReviseCategory', ...input }, ctx);
    return { categoryId: input.categoryId, position: result.position };
  }

  async renameSubcategory(input: { categoryId: string; subcategoryId: string; name: string }, ctx?: CommandContext) {
    const result = await this.streams.handle(categoryStream.at(input.categoryId), { type: 'RenameSubcategory', ...input }, ctx);
    return { subcategoryId: input.subcategoryId, position: result.position };
  }

  /** Sets the storefront's category order; every id must be a category. */
  async reorderCategories(ids: string[], ctx?: CommandContext) {
    for (const id of new Set(ids)) {
      if (!(await this.categoryExists(id))) throw new DomainError('not-found', `Category ${id} not found`);
    }
    const result = await this.streams.handle(categoryOrderStream.at(), { type: 'ReorderCategories', ids }, ctx);
    return { ids: result.state.ids, position: result.position };
  }

  /** Lists a new product (off sale when `draft`), or revises it when its id is already listed. */
  async saveProduct(
    input: { productId?: string; listedAt?: string; details: ProductDetails; draft?: boolean },
    ctx?: CommandContext,
  ) {
    await this.assertCategoryPath(input.details.catId, input.details.subCatId);
    const productId = input.productId ?? newId();
    const stream = productStream.at(productId);
    const listed = await this.streams.exists(stream.id);
    const command = listed
      ? ({ type: 'ReviseProduct', productId, details: input.details } as const)
      : ({ type: 'ListProduct', productId, details: input.details, listedAt: input.listedAt ?? new Date().toISOString(), draft: input.draft } as const);
    const result = await this.streams.handle(stream, command, ctx);
    return { productId, position: result.position };
  }

  /** Takes a product off sale (a no-op when it already is). */
  async unpublishProduct(productId: string, ctx?: CommandContext) {
    const result = await this.streams.handle(productStream.at(productId), { type: 'UnpublishProduct', productId }, ctx);
    return { productId, published: result.state.published, position: result.position };
  }

  /** Puts an unpublished product back on sale (a no-op when it is on sale). */
  async publishProduct(productId: string, ctx?: CommandContext) {
    const result = await this.streams.handle(productStream.at(productId), { type: 'PublishProduct', productId }, ctx);
    return { productId, published: result.state.published, position: result.position };
  }

  /** A product's listing as its stream has it (read fresh: an edit builds on it). */
  async product(productId: string) {
    return this.streams.load(productStream.at(productId), { fresh: true });
  }

  async publishBanner(input: Omit<CatalogEventMap['BannerPublished'], 'bannerId'> & { bannerId?: string }, ctx?: CommandContext) {
    if (input.catId) await this.assertCategoryPath(input.catId, input.subCatId);
    const bannerId = input.bannerId ?? newId();
    const result = await this.streams.handle(bannerStream.at(bannerId), { type: 'PublishBanner', ...input, bannerId }, ctx);
    return { bannerId, position: result.position };
  }

  async reviseBanner(input: CatalogEventMap['BannerRevised'], ctx?: CommandContext) {
    if (input.catId) await this.assertCategoryPath(input.catId, input.subCatId);
    const result = await this.streams.handle(bannerStream.at(input.bannerId), { type: 'ReviseBanner', ...input }, ctx);
    return { bannerId: input.bannerId, position: result.position };
  }

  /** Takes a banner down for good (a no-op when it already is). */
  async withdrawBanner(bannerId: string, ctx?: CommandContext) {
    const result = await this.streams.handle(bannerStream.at(bannerId), { type: 'WithdrawBanner', bannerId }, ctx);
    return { bannerId, position: result.position };
  }

  async categoryExists(categoryId: string): Promise<boolean> {
    return this.streams.exists(catalogStreams.category(categoryId));
  }

  /** Records that the demo catalog was seeded; only the first call succeeds. */
  async markSeeded(data: CatalogEventMap['CatalogSeeded']): Promise<boolean> {
    if (await this.isSeeded()) return false;
    return (await this.streams.claim(catalogSeedStream.at(), { type: 'CatalogSeeded', data })).claimed;
  }

  async isSeeded(): Promise<boolean> {
    return this.streams.exists(catalogStreams.seed);
  }

  /** Cross-stream rule: a product or banner must point at an existing category and subcategory. */
  private async assertCategoryPath(catId: string, subCatId: string | null): Promise<void> {
    const state = await this.streams.load(categoryStream.at(catId), { fresh: true });
    if (!state.exists) throw new DomainError('not-found', `Category ${catId} not found`);
    if (subCatId && !state.subcategories.has(subCatId)) {
      throw new DomainError('not-found', `Subcategory ${subCatId} not found in category ${catId}`);
    }
  }
}
