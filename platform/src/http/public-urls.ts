/**
 * Image URLs as replies give them: absolute, at the shop's public address (`PUBLIC_URL`).
 *
 * Events and read models keep image references as they were given: our own pictures as paths on
 * this site (`/images/seed/…`, `/uploads/…`), others as full URLs. A client served from another
 * origin puts an image field into `<img src>` as it is, so a path would be asked of the client's
 * own server; every reply therefore turns our paths into URLs on the way out, one place per reply
 * shape. A value that is not a path on this site (a full URL, an empty string) passes through.
 *
 * The base is fixed for the life of the server (cached replies are kept with it), except that
 * the default address of a server started with PORT=0 learns its port once, when it listens,
 * before any request is served.
 */
export class PublicUrls {
  #base: string;
  /** `#base` inside a JSON string (a URL needs no escaping in practice; this keeps it exact). */
  #jsonBase: string;

  constructor(publicUrl: string) {
    this.#base = this.#jsonBase = '';
    this.#set(publicUrl);
  }

  /** The shop's public address, without a trailing slash. */
  get base(): string {
    return this.#base;
  }

  /**
   * The server now listens on `port`. A public address that names port 0 (the default address
   * with PORT=0, as tests and one-off servers start) takes the real port; any other stays.
   */
  listening(port: number): void {
    const url = new URL(this.#base);
    if (url.port !== '0') return;
    url.port = String(port);
    this.#set(url.href);
  }

  /** One image reference as a reply gives it: a path on this site becomes a URL at `base`. */
  url(value: string): string {
    return isSitePath(value) ? this.#base + value : value;
  }

  /**
   * A URL a client read from one of our replies and sends back (a profile's avatar list), as
   * the path our records hold; anything else as it is.
   */
  path(value: string): string {
    return value.startsWith(`${this.#base}/`) ? value.slice(this.#base.length) : value;
  }

  /** A document with an `images` list (product, category, banner, user, upload record). */
  withImages<T extends { images: readonly string[] }>(doc: T): T {
    return doc.images.some(isSitePath) ? { ...doc, images: doc.images.map((image) => this.url(image)) } : doc;
  }

  /** A document with one `image` (cart line, My List entry, order line). */
  withImage<T extends { image: string }>(doc: T): T {
    return isSitePath(doc.image) ? { ...doc, image: this.#base + doc.image } : doc;
  }

  /** An order: the image of each of its lines. */
  withLineImages<T extends { products: readonly { image: string }[] }>(order: T): T {
    return { ...order, products: order.products.map((line) => this.withImage(line)) };
  }

  /**
   * Serialised catalog documents (a product, a page of them, categories, banners): every path in
   * an `"images":[…]` list becomes a URL. Works on the JSON text, so replies spliced together from
   * stored JSON are never parsed. The patterns are linear: a list is a run of JSON strings
   * (`"…"` with escapes), and inside one a path starts right after `[` or `,` (a quote inside a
   * string is always escaped, so `,"/` can only open a string).
   */
  imagesInJson(json: string): string {
    if (!json.includes('"images":[')) return json;
    return json.replace(IMAGE_LIST, (_list, items: string) => `"images":[${items.replace(PATH_ITEM, (_m, lead: string) => `${lead}"${this.#jsonBase}/`)}]`);
  }

  #set(url: string): void {
    let end = url.length;
    while (end > 0 && url.charCodeAt(end - 1) === 47 /* / */) end--;
    this.#base = url.slice(0, end);
    this.#jsonBase = JSON.stringify(this.#base).slice(1, -1);
  }
}

/** A path on this site: one leading slash (`//host/…` is another site, scheme-relative). */
function isSitePath(value: string): boolean {
  return value.charCodeAt(0) === 47 /* / */ && value.charCodeAt(1) !== 47;
}

/** `"images":[ "…", "…" ]` as JSON.stringify writes it (no spaces), strings with their escapes. */
const IMAGE_LIST = /"images":\[((?:"(?:[^"\\]|\\.)*",?)*)\]/g;
/** The opening of a string item that is a path on this site (`"/…` but not `"//…`). */
const PATH_ITEM = /(^|,)"\/(?!\/)/g;
