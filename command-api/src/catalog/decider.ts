import { type CatalogEventMap, type ProductDetails, catalogStreams, catalogEventSchemas } from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../shared/decider.ts';
import { claimStreamType, streamType } from '../shared/stream-type.ts';

type Ev<K extends keyof CatalogEventMap> = DomainEvent<K, CatalogEventMap[K]>;

// ── Category stream ────────────────────────────────────────────────────────────────────────

export type CategoryEvent = Ev<'CategoryCreated'> | Ev<'SubcategoryAdded'> | Ev<'CategoryRevised'> | Ev<'SubcategoryRenamed'>;
export interface CategoryState {
  exists: boolean;
  name: string;
  color: string;
  images: string[];
  /** Subcategory id → name. */
  subcategories: Map<string, string>;
}
export type CategoryCommand =
  | { type: 'CreateCategory'; categoryId: string; name: string; color: string; images: string[] }
  | { type: 'AddSubcategory'; categoryId: string; subcategoryId: string; name: string }
  | { type: 'ReviseCategory'; categoryId: string; name?: string; color?: string; images?: string[] }
  | { type: 'RenameSubcategory'; categoryId: string; subcategoryId: string; name: string };

/** Another subcategory of the category already has this name (names are told apart case-blind). */
function nameTaken(state: CategoryState, name: string, except?: string): boolean {
  const wanted = name.toLowerCase();
  return [...state.subcategories].some(([id, existing]) => id !== except && existing.toLowerCase() === wanted);
}

export const categoryDecider: Decider<CategoryState, CategoryCommand, CategoryEvent> = {
  initialState: { exists: false, name: '', color: '', images: [], subcategories: new Map() },
  evolve(state, event) {
    switch (event.type) {
      case 'CategoryCreated':
      case 'CategoryRevised': {
        const { name, color, images } = event.data;
        return { ...state, exists: true, name, color, images };
      }
      case 'SubcategoryAdded':
      case 'SubcategoryRenamed':
        return { ...state, subcategories: new Map(state.subcategories).set(event.data.subcategoryId, event.data.name) };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateCategory': {
        if (state.exists) throw new DomainError('conflict', 'Category already exists');
        const { categoryId, name, color, images } = command;
        return [{ type: 'CategoryCreated', data: { categoryId, name, color, images } }];
      }
      case 'AddSubcategory': {
        if (!state.exists) throw new DomainError('not-found', 'Category not found');
        if (state.subcategories.has(command.subcategoryId)) return [];
        if (nameTaken(state, command.name)) throw new DomainError('conflict', 'Subcategory already exists in this category');
        const { categoryId, subcategoryId, name } = command;
        return [{ type: 'SubcategoryAdded', data: { categoryId, subcategoryId, name } }];
      }
      case 'ReviseCategory': {
        if (!state.exists) throw new DomainError('not-found', 'Category not found');
        const revised = {
          categoryId: command.categoryId,
          name: command.name ?? state.name,
          color: command.color ?? state.color,
          images: command.images ?? state.images,
        };
        const same = revised.name === state.name && revised.color === state.color && JSON.stringify(revised.images) === JSON.stringify(state.images);
        return same ? [] : [{ type: 'CategoryRevised', data: revised }];
      }
      case 'RenameSubcategory': {
        if (!state.exists) throw new DomainError('not-found', 'Category not found');
        const current = state.subcategories.get(command.subcategoryId);
        if (current === undefined) throw new DomainError('not-found', 'Subcategory not found');
        if (current === command.name) return [];
        if (nameTaken(state, command.name, command.subcategoryId)) throw new DomainError('conflict', 'Subcategory already exists in this category');
        const { categoryId, subcategoryId, name } = command;
        return [{ type: 'SubcategoryRenamed', data: { categoryId, subcategoryId, name } }];
      }
    }
  },
};

// ── Category order stream ──────────────────────────────────────────────────────────────────

export type CategoryOrderEvent = Ev<'CategoriesReordered'>;
export type CategoryOrderCommand = { type: 'ReorderCategories'; ids: string[] };

/** One stream holds the storefront's order; that every id is a category is checked across streams by the caller. */
export const categoryOrderDecider: Decider<{ ids: string[] }, CategoryOrderCommand, CategoryOrderEvent> = {
  initialState: { ids: [] },
  evolve: (_state, event) => ({ ids: event.data.ids }),
  decide(command, state) {
    if (new Set(command.ids).size !== command.ids.length) throw new DomainError('invalid', 'Each category may appear once in the order');
    if (JSON.stringify(command.ids) === JSON.stringify(state.ids)) return [];
    return [{ type: 'CategoriesReordered', data: { ids: command.ids } }];
  },
};

// ── Product stream ─────────────────────────────────────────────────────────────────────────

export type ProductEvent = Ev<'ProductListed'> | Ev<'ProductRevised'> | Ev<'ProductUnpublished'> | Ev<'ProductPublished'>;
export interface ProductState {
  listed: boolean;
  details: ProductDetails | null;
  /** On sale: listed and not unpublished since. */
  published: boolean;
}
export type ProductCommand =
  /** `draft`: listed off sale, in the same append (a draft is never on sale for a moment). */
  | { type: 'ListProduct'; productId: string; details: ProductDetails; listedAt: string; draft?: boolean }
  | { type: 'ReviseProduct'; productId: string; details: ProductDetails }
  | { type: 'UnpublishProduct'; productId: string }
  | { type: 'PublishProduct'; productId: string };

export const productDecider: Decider<ProductState, ProductCommand, ProductEvent> = {
  initialState: { listed: false, details: null, published: false },
  evolve(state, event) {
    switch (event.type) {
      case 'ProductUnpublished':
        return { ...state, published: false };
      case 'ProductPublished':
        return { ...state, published: true };
      case 'ProductListed': {
        const { productId: _id, listedAt: _at, ...details } = event.data;
        return { listed: true, details, published: true };
      }
      case 'ProductRevised': {
        const { productId: _id, ...details } = event.data;
        return { ...state, listed: true, details };
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'ListProduct':
        if (state.listed) throw new DomainError('conflict', 'Product already listed');
        return [
          { type: 'ProductListed', data: { productId: command.productId, listedAt: command.listedAt, ...command.details } },
          ...(command.draft ? [{ type: 'ProductUnpublished' as const, data: { productId: command.productId } }] : []),
        ];
      case 'ReviseProduct':
        if (!state.listed) throw new DomainError('not-found', 'Product not found');
        if (JSON.stringify(state.details) === JSON.stringify(command.details)) return [];
        return [{ type: 'ProductRevised', data: { productId: command.productId, ...command.details } }];
      case 'UnpublishProduct':
        if (!state.listed) throw new DomainError('not-found', 'Product not found');
        return state.published ? [{ type: 'ProductUnpublished', data: { productId: command.productId } }] : [];
      case 'PublishProduct':
        if (!state.listed) throw new DomainError('not-found', 'Product not found');
        return state.published ? [] : [{ type: 'ProductPublished', data: { productId: command.productId } }];
    }
  },
};

// ── Banner stream ──────────────────────────────────────────────────────────────────────────

export type BannerEvent = Ev<'BannerPublished'> | Ev<'BannerRevised'> | Ev<'BannerWithdrawn'>;
type BannerFields = Omit<CatalogEventMap['BannerPublished'], 'bannerId'>;
export interface BannerState {
  published: boolean;
  withdrawn: boolean;
  fields: BannerFields | null;
}
export type BannerCommand =
  | ({ type: 'PublishBanner' } & CatalogEventMap['BannerPublished'])
  | ({ type: 'ReviseBanner' } & CatalogEventMap['BannerRevised'])
  | { type: 'WithdrawBanner'; bannerId: string };

export const bannerDecider: Decider<BannerState, BannerCommand, BannerEvent> = {
  initialState: { published: false, withdrawn: false, fields: null },
  evolve(state, event) {
    switch (event.type) {
      case 'BannerPublished':
      case 'BannerRevised': {
        const { bannerId: _id, ...fields } = event.data;
        return { ...state, published: true, fields };
      }
      case 'BannerWithdrawn':
        return { ...state, withdrawn: true };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'PublishBanner': {
        if (state.published) return [];
        const { type: _type, ...data } = command;
        return [{ type: 'BannerPublished', data }];
      }
      case 'ReviseBanner': {
        if (!state.published || state.withdrawn) throw new DomainError('not-found', 'Banner not found');
        const { type: _type, ...data } = command;
        const { bannerId: _id, ...fields } = data;
        const was = state.fields;
        const same =
          was !== null &&
          was.kind === fields.kind &&
          was.catId === fields.catId &&
          was.subCatId === fields.subCatId &&
          was.images.length === fields.images.length &&
          was.images.every((image, i) => image === fields.images[i]);
        if (same) return [];
        return [{ type: 'BannerRevised', data }];
      }
      case 'WithdrawBanner':
        if (!state.published) throw new DomainError('not-found', 'Banner not found');
        return state.withdrawn ? [] : [{ type: 'BannerWithdrawn', data: { bannerId: command.bannerId } }];
    }
  },
};

/** A category (`category-<id>`). */
export const categoryStream = streamType({ kind: 'category', decider: categoryDecider, streamId: catalogStreams.category, schemas: catalogEventSchemas });

/** The storefront's one category order (`category-order`). */
export const categoryOrderStream = streamType({ kind: 'category-order', decider: categoryOrderDecider, streamId: () => catalogStreams.categoryOrder, schemas: catalogEventSchemas });

/** A product's listing (`product-<id>`). */
export const productStream = streamType({ kind: 'product', decider: productDecider, streamId: catalogStreams.product, schemas: catalogEventSchemas });

/** A home-page banner (`banner-<id>`). */
export const bannerStream = streamType({ kind: 'banner', decider: bannerDecider, streamId: catalogStreams.banner, schemas: catalogEventSchemas });

/** Written once, when the demo catalog is seeded (`catalog-seed`). */
export const catalogSeedStream = claimStreamType({ kind: 'catalog-seed', streamId: () => catalogStreams.seed, schemas: catalogEventSchemas });
