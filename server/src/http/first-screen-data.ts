import { CATALOG, isId } from '@shop/contracts';
import type { DocumentStore, PublicUrls } from '@shop/platform';
import { bannersReply, categoryListReply, productFilter, productPageReply } from '@shop/read-api';

/**
 * The catalog replies a page's first screen shows, read straight from the read models (no HTTP
 * round trip), keyed by the request paths index.html's boot script and the storefront's RTK
 * Query cache use for them (ui/index.html, ui/src/app/boot.ts), with the same bodies the API
 * answers (read-api/src/catalog), image URLs included. Each value is the reply's JSON text. Null
 * when the path has no first screen, or a reply would not be a 200 (an unknown product, say: the
 * browser shows that).
 */
export async function firstScreenData(docs: DocumentStore, urls: PublicUrls, pathname: string): Promise<Record<string, string> | null> {
  const replies = await catalogReplies(docs, pathname);
  if (!replies) return null;
  // The same image URLs as the API's replies, so the browser fetches each picture once.
  for (const [url, json] of Object.entries(replies)) replies[url] = urls.imagesInJson(json);
  return replies;
}

async function catalogReplies(docs: DocumentStore, pathname: string): Promise<Record<string, string> | null> {
  let m: RegExpExecArray | null;
  if (pathname === '/' || pathname === '/index.html') {
    const [categories, banners] = await Promise.all([categoryReply(docs), bannersReply(docs, 'home')]);
    return { '/api/category': categories, '/api/homeBanner': JSON.stringify(banners) };
  }
  if ((m = /^\/products\/(category|subCat)\/([^/]+)$/.exec(pathname)) && isId(m[2])) {
    const field = m[1] === 'category' ? 'catId' : 'subCatId';
    const [categories, listing] = await Promise.all([
      categoryReply(docs),
      productPageReply(docs, productFilter({ [field]: m[2] }), { page: 1, perPage: PER_PAGE, skip: 0 }),
    ]);
    return { '/api/category': categories, [`/api/products?${field}=${m[2]}&page=1&perPage=${PER_PAGE}`]: listing };
  }
  if ((m = /^\/product\/([^/]+)$/.exec(pathname)) && isId(m[1])) {
    const [categories, product] = await Promise.all([categoryReply(docs), docs.getRaw(CATALOG.products, m[1]!)]);
    return product === null ? null : { '/api/category': categories, [`/api/products/${m[1]}`]: product };
  }
  return null;
}

/** The listing's first page as the storefront asks for it (10 per page by default). */
const PER_PAGE = 10;

async function categoryReply(docs: DocumentStore): Promise<string> {
  return JSON.stringify(await categoryListReply(docs));
}

