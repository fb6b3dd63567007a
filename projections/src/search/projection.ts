import { SEARCH, catalogEventSchemas, reviewEventSchemas, roundToHalf, type CatalogEventMap, type ProductDetails, type SearchEntryDoc } from '@shop/contracts';
import type { RecordedEvent } from '@shop/platform';
import type { Projection, ProjectionView } from '../projection.ts';
import { searchCollections } from './collections.ts';

/** The search read model's document (its type lives in contracts with the other read models). */
export type { SearchEntryDoc };

interface SearchCategoryDoc {
  _id: string;
  name: string;
  children: { id: string; name: string }[];
}

/** The entry a product's listing details make (pure: the projection and the benchmarks share it). */
export function searchEntry(
  productId: string,
  details: Pick<ProductDetails, 'name' | 'brand' | 'description' | 'catId' | 'subCatId' | 'rating' | 'location'>,
  names: { catName: string; subCatName: string },
  dateCreated: string,
  seq: number,
): SearchEntryDoc {
  return {
    _id: productId,
    seq,
    name: details.name,
    brand: details.brand,
    description: details.description,
    catId: details.catId,
    catName: names.catName,
    subCatId: details.subCatId,
    subCatName: names.subCatName,
    rating: details.rating,
    numReviews: 0,
    locationCodes: details.location.map((l) => l.value),
    dateCreated,
  };
}

async function names(view: ProjectionView, catId: string, subCatId: string) {
  const category = await view.get<SearchCategoryDoc>(SEARCH.categories, catId);
  return { catName: category?.name ?? '', subCatName: category?.children.find((c) => c.id === subCatId)?.name ?? '' };
}

type Handler<K extends keyof CatalogEventMap> = (data: CatalogEventMap[K], view: ProjectionView, event: RecordedEvent) => Promise<void> | void;

const handlers: { [K in keyof CatalogEventMap]?: Handler<K> } = {
  CategoryCreated(data, view) {
    view.put<SearchCategoryDoc>(SEARCH.categories, { _id: data.categoryId, name: data.name, children: [] });
  },

  async SubcategoryAdded(data, view) {
    const category = await view.get<SearchCategoryDoc>(SEARCH.categories, data.categoryId);
    if (!category) return;
    const children = [...category.children.filter((c) => c.id !== data.subcategoryId), { id: data.subcategoryId, name: data.name }];
    view.put<SearchCategoryDoc>(SEARCH.categories, { ...category, children });
  },

  async CategoryRevised(data, view, event) {
    const category = await view.get<SearchCategoryDoc>(SEARCH.categories, data.categoryId);
    view.put<SearchCategoryDoc>(SEARCH.categories, { _id: data.categoryId, name: data.name, children: category?.children ?? [] });
    // Entries copy the name (a shopper searches by it): a rename re-indexes the category's products.
    if (category && category.name !== data.name) await renameEntries(view, { catId: data.categoryId }, { catName: data.name }, event);
  },

  async SubcategoryRenamed(data, view, event) {
    const category = await view.get<SearchCategoryDoc>(SEARCH.categories, data.categoryId);
    if (!category) return;
    const children = category.children.map((c) => (c.id === data.subcategoryId ? { id: c.id, name: data.name } : c));
    view.put<SearchCategoryDoc>(SEARCH.categories, { ...category, children });
    await renameEntries(view, { subCatId: data.subcategoryId }, { subCatName: data.name }, event);
  },

  async ProductUnpublished({ productId }, view, event) {
    const entry = await view.get<SearchEntryDoc>(SEARCH.entries, productId);
    if (entry) view.put(SEARCH.entries, { ...entry, hidden: true, seq: Number(event.position) });
  },

  async ProductPublished({ productId }, view, event) {
    const entry = await view.get<SearchEntryDoc>(SEARCH.entries, productId);
    if (!entry) return;
    const { hidden: _hidden, ...shown } = entry;
    view.put(SEARCH.entries, { ...shown, seq: Number(event.position) });
  },

  async ProductListed({ productId, listedAt, ...details }, view, event) {
    const entry = searchEntry(productId, details, await names(view, details.catId, details.subCatId), listedAt, Number(event.position));
    view.put(SEARCH.entries, entry);
  },

  async ProductRevised({ productId, ...details }, view, event) {
    const current = await view.get<SearchEntryDoc>(SEARCH.entries, productId);
    if (!current) return;
    const revised = searchEntry(productId, details, await names(view, details.catId, details.subCatId), current.dateCreated, Number(event.position));
    // Like the catalog: once shoppers have reviewed a product, its rating follows their reviews.
    const kept = current.numReviews > 0 ? { ...revised, rating: current.rating, numReviews: current.numReviews } : revised;
    // An unpublished product edited stays unpublished.
    view.put(SEARCH.entries, current.hidden ? { ...kept, hidden: true } : kept);
  },
};

/** Writes a category's new name into its entries, at this event's position so the index takes them in again. */
async function renameEntries(view: ProjectionView, filter: Record<string, string>, names: Partial<SearchEntryDoc>, event: RecordedEvent): Promise<void> {
  for (const entry of await view.find<SearchEntryDoc>(SEARCH.entries, filter)) view.put(SEARCH.entries, { ...entry, ...names, seq: Number(event.position) });
}

/**
 * The search read model. It is its own projection (not a text index of the document store), so
 * the embedded SQLite default and the MongoDB read store rank exactly alike; it follows the
 * whole log in order like the catalog (it copies category names, so it is not partition-safe).
 */
export const searchProjection: Projection = {
  name: 'search',
  version: 1,
  collections: searchCollections,
  handles: new Set([...Object.keys(handlers), 'ProductReviewed']),
  async apply(event, view) {
    if (event.type === 'ProductReviewed') {
      // Reviews rank a product among equals (popularity); set from the totals, so replays are harmless.
      const data = reviewEventSchemas.ProductReviewed.parse(event.data);
      const entry = await view.get<SearchEntryDoc>(SEARCH.entries, data.productId);
      if (!entry) return;
      view.put(SEARCH.entries, { ...entry, rating: roundToHalf(data.ratingSum / data.numReviews), numReviews: data.numReviews, seq: Number(event.position) });
      return;
    }
    const type = event.type as keyof CatalogEventMap;
    const handler = handlers[type] as Handler<typeof type> | undefined;
    if (!handler) return;
    const data = catalogEventSchemas[type].parse(event.data) as CatalogEventMap[typeof type];
    await handler(data, view, event);
  },
};
