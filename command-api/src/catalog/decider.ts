import type { CatalogEventMap, ProductDetails } from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../shared/decider.ts';

type Ev<K extends keyof CatalogEventMap> = DomainEvent<K, CatalogEventMap[K]>;

// ── Category stream ────────────────────────────────────────────────────────────────────────

export type CategoryEvent = Ev<'CategoryCreated'> | Ev<'SubcategoryAdded'>;
export interface CategoryState {
  exists: boolean;
  subcategoryIds: Set<string>;
  subcategoryNames: Set<string>;
}
export type CategoryCommand =
  | { type: 'CreateCategory'; categoryId: string; name: string; color: string; images: string[] }
  | { type: 'AddSubcategory'; categoryId: string; subcategoryId: string; name: string };

export const categoryDecider: Decider<CategoryState, CategoryCommand, CategoryEvent> = {
  initialState: { exists: false, subcategoryIds: new Set(), subcategoryNames: new Set() },
  evolve(state, event) {
    switch (event.type) {
      case 'CategoryCreated':
        return { ...state, exists: true };
      case 'SubcategoryAdded':
        return {
          ...state,
          subcategoryIds: new Set(state.subcategoryIds).add(event.data.subcategoryId),
          subcategoryNames: new Set(state.subcategoryNames).add(event.data.name.toLowerCase()),
        };
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
        if (state.subcategoryIds.has(command.subcategoryId)) return [];
        if (state.subcategoryNames.has(command.name.toLowerCase())) {
          throw new DomainError('conflict', 'Subcategory already exists in this category');
        }
        const { categoryId, subcategoryId, name } = command;
        return [{ type: 'SubcategoryAdded', data: { categoryId, subcategoryId, name } }];
      }
    }
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
  | { type: 'ListProduct'; productId: string; details: ProductDetails; listedAt: string }
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

export type BannerEvent = Ev<'BannerPublished'>;
export type BannerCommand = { type: 'PublishBanner' } & CatalogEventMap['BannerPublished'];

export const bannerDecider: Decider<{ published: boolean }, BannerCommand, BannerEvent> = {
  initialState: { published: false },
  evolve: () => ({ published: true }),
  decide({ type: _type, ...data }, state) {
    if (state.published) return [];
    return [{ type: 'BannerPublished', data }];
  },
};
