import { CATALOG, isId } from '@shop/contracts';
import { listingQueryOfAddress, listingRequestPath, queryString, type ListingRoute } from '@shop/contracts/listing-address';
import type { DocumentStore, PublicUrls } from '@shop/platform';
import { bannersReply, categoryListReply, pageOf, productFilter, productPageReply, sortOf } from '@shop/read-api';

/** A page's first screen: the address the storefront renders, and the replies it shows. */
export interface FirstScreenData {
  /**
   * The path and, for a listing, its filters in one canonical form (`?minPrice=…&page=…`): what
   * the render is given and kept under, so two spellings of one listing share a render.
   */
  address: string;
  /** Each reply's JSON text, keyed by its request path. */
  replies: Record<string, string>;
}

/**
 * The catalog replies a page's first screen shows, read straight from the read models (no HTTP
 * round trip) with the same functions and the same bodies the API answers (read-api/src/catalog),
 * image URLs included, keyed by the request paths the storefront's RTK Query cache uses for them
 * (ui/src/app/boot.ts). A listing's products are those its address asks for: its price, rating,
 * sort and page, read as the storefront reads them (contracts' listing-address), so the first
 * screen shows the products the page then shows. Null when the path has no first screen, or a
 * reply would not be a 200 (an unknown product, say: the browser shows that).
 */
export async function firstScreenData(docs: DocumentStore, urls: PublicUrls, pathname: string, search = ''): Promise<FirstScreenData | null> {
  const page = await catalogReplies(docs, pathname, new URLSearchParams(search));
  if (!page) return null;
  // The same image URLs as the API's replies, so the browser fetches each picture once.
  for (const [url, json] of Object.entries(page.replies)) page.replies[url] = urls.imagesInJson(json);
  return page;
}

async function catalogReplies(docs: DocumentStore, pathname: string, params: URLSearchParams): Promise<FirstScreenData | null> {
  let m: RegExpExecArray | null;
  if (pathname === '/' || pathname === '/index.html') {
    const [categories, banners] = await Promise.all([categoryReply(docs), bannersReply(docs, 'home')]);
    return { address: '/', replies: { '/api/category': categories, '/api/homeBanner': JSON.stringify(banners) } };
  }
  if ((m = /^\/products\/(category|subCat)\/([^/]+)$/.exec(pathname)) && isId(m[2])) {
    const route: ListingRoute = { kind: m[1] === 'category' ? 'category' : 'subCat', id: m[2] };
    const query = listingQueryOfAddress(route, params);
    const [categories, listing] = await Promise.all([categoryReply(docs), productPageReply(docs, productFilter(query), pageOf(query), sortOf(query))]);
    const { catId: _catId, subCatId: _subCatId, ...filters } = query;
    const address = `${pathname}?${queryString(filters)}`;
    return { address, replies: { '/api/category': categories, [listingRequestPath(query)]: listing } };
  }
  if ((m = /^\/product\/([^/]+)$/.exec(pathname)) && isId(m[1])) {
    const [categories, product] = await Promise.all([categoryReply(docs), docs.getRaw(CATALOG.products, m[1]!)]);
    return product === null ? null : { address: pathname, replies: { '/api/category': categories, [`/api/products/${m[1]}`]: product } };
  }
  return null;
}

async function categoryReply(docs: DocumentStore): Promise<string> {
  return JSON.stringify(await categoryListReply(docs));
}
