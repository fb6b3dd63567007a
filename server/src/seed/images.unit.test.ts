import { describe, it, expect } from 'vitest';
import { CATEGORY_DEFS, generateCatalog } from './catalog-data.ts';
import {
  ICON_NAMES,
  bannerImageKey,
  categoryImageKey,
  escapeXml,
  productImageKey,
  renderSeedImage,
  slugify,
  titleFromSlug,
} from './images.ts';

const MAX_BYTES = 6 * 1024;
const PRODUCT_ID = '6780a1b2c3d4e5f601234567';

/** A cheap well-formedness check: one root, balanced tags, quoted attributes, escaped text. */
function expectWellFormedSvg(svg: string): void {
  expect(svg.startsWith('<svg ')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/);
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+"/);
  // No external references: the only URL is the namespace; fills point at local ids only.
  expect(svg.match(/https?:/g)).toHaveLength(1);
  expect(svg).not.toMatch(/href=|@import|<image|<script|<foreignObject/i);
  for (const ref of svg.match(/url\([^)]*\)/g) ?? []) expect(ref).toMatch(/^url\(#[a-z]+\)$/);
  const tokens = svg.match(/<[^<>]*>|[^<]+/g) ?? [];
  expect(tokens.join('')).toBe(svg);
  const stack: string[] = [];
  let roots = 0;
  for (const token of tokens) {
    if (!token.startsWith('<')) {
      expect(stack.length).toBeGreaterThan(0);
      continue;
    }
    const close = /^<\/([a-zA-Z][\w-]*)>$/.exec(token);
    if (close) {
      expect(stack.pop()).toBe(close[1]);
      continue;
    }
    const open = /^<([a-zA-Z][\w-]*)(?:\s+[a-zA-Z][\w:-]*="[^"<>]*")*\s*(\/?)>$/.exec(token);
    expect(open, token).not.toBeNull();
    if (stack.length === 0) roots++;
    if (open![2] !== '/') stack.push(open![1]!);
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

function render(url: string): string | null {
  const match = /^\/images\/seed\/([a-z]+)\/([a-z0-9-]+)\.svg$/.exec(url);
  expect(match, url).not.toBeNull();
  return renderSeedImage(match![1]!, match![2]!);
}

const catalog = generateCatalog();

describe('renderSeedImage', () => {
  it('renders every image of the demo catalog as small, well-formed SVG', () => {
    const urls = [
      ...catalog.categories.flatMap((c) => c.images),
      ...catalog.products.flatMap((p) => p.images),
      ...catalog.banners.flatMap((b) => b.images),
    ];
    for (const url of urls) {
      const svg = render(url);
      expect(svg, url).not.toBeNull();
      expectWellFormedSvg(svg!);
      expect(Buffer.byteLength(svg!), url).toBeLessThan(MAX_BYTES);
    }
  });

  it('draws every icon in every composition', () => {
    for (const icon of ICON_NAMES) {
      for (let index = 0; index < 5; index++) {
        const svg = renderSeedImage('product', productImageKey(icon, index, PRODUCT_ID, `${icon}-navy`));
        expect(svg, icon).not.toBeNull();
        expectWellFormedSvg(svg!);
        expect(Buffer.byteLength(svg!), `${icon} ${index}`).toBeLessThan(MAX_BYTES);
      }
      expectWellFormedSvg(renderSeedImage('category', categoryImageKey(icon, '#fde2e4', 'Fashion'))!);
    }
  });

  it('sizes products and categories square, home banners 1200x400 and other banners 600x300', () => {
    expect(render(catalog.products[0]!.images[0]!)).toContain('width="600" height="600" viewBox="0 0 600 600"');
    expect(render(catalog.categories[0]!.images[0]!)).toContain('width="600" height="600"');
    for (const banner of catalog.banners) {
      const size = banner.kind === 'home' ? 'width="1200" height="400"' : 'width="600" height="300"';
      expect(render(banner.images[0]!)).toContain(size);
    }
  });

  it('gives different products different pictures, and a gallery different views', () => {
    const firsts = catalog.products.map((p) => render(p.images[0]!));
    expect(new Set(firsts).size).toBe(firsts.length);
    const [a, b] = catalog.products.filter((p) => p.images[0]!.includes('/product/shirt-'));
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(render(a!.images[0]!)).not.toBe(render(b!.images[0]!));
    for (const product of catalog.products.slice(0, 40)) {
      const gallery = product.images.map(render);
      expect(new Set(gallery).size).toBe(gallery.length);
    }
  });

  it('is deterministic', () => {
    const url = catalog.products[7]!.images[1]!;
    expect(render(url)).toBe(render(url));
  });

  it('uses the colour named in the key for the item', () => {
    const navy = renderSeedImage('product', productImageKey('shirt', 0, PRODUCT_ID, 'oxford-shirt-navy'))!;
    const red = renderSeedImage('product', productImageKey('shirt', 0, PRODUCT_ID, 'oxford-shirt-red'))!;
    expect(navy).toContain('fill="#1f3a7a"');
    expect(red).not.toContain('fill="#1f3a7a"');
  });

  it('puts a headline, the escaped category name and a call to action on banners', () => {
    const svg = renderSeedImage('banner', bannerImageKey('home', 0, 'gift', '#ffedd5', 'Toys & Gifts'))!;
    expectWellFormedSvg(svg);
    expect(svg).toContain('New Year Sale');
    expect(svg).toContain('Up to 50% off');
    expect(svg).toContain('TOYS &amp; GIFTS');
    expect(svg).toContain('Grab the deal');
    expect(svg).toContain('font-family="system-ui, sans-serif"');
    const delivery = renderSeedImage('banner', bannerImageKey('side', 1, 'jar', '#dcfce7', 'Groceries'))!;
    expect(delivery).toContain('Free delivery');
    expect(delivery).toContain('On orders over Rs 299');
  });

  it('returns null for an unknown kind or a malformed key', () => {
    const good = productImageKey('phone', 0, PRODUCT_ID, 'smartphone-black');
    expect(renderSeedImage('product', good)).not.toBeNull();
    expect(renderSeedImage('avatar', good)).toBeNull();
    expect(renderSeedImage('banner', good)).toBeNull();
    for (const key of [
      '',
      'nope',
      'phone-0-xyz',
      `spaceship-0-${PRODUCT_ID}`,
      `phone-10-${PRODUCT_ID}`,
      `Phone-0-${PRODUCT_ID}`,
      `phone-0-${PRODUCT_ID}-`,
      `phone-0-${PRODUCT_ID}--x`,
      `phone-0-${PRODUCT_ID}-a_b`,
      '../../etc/passwd',
      `phone-0-${PRODUCT_ID}-${'a'.repeat(200)}`,
    ]) {
      expect(renderSeedImage('product', key), key).toBeNull();
    }
    expect(renderSeedImage('category', 'shirt-zzzzzz-fashion')).toBeNull();
    expect(renderSeedImage('category', 'shirt-fde2e4')).toBeNull();
    expect(renderSeedImage('banner', 'hero-0-gift-ffedd5-toys')).toBeNull();
    expect(renderSeedImage('banner', 'home-0-gift-ffedd5-')).toBeNull();
  });
});

describe('key helpers', () => {
  it('round-trips every category and subcategory name through slugify and titleFromSlug', () => {
    for (const category of CATEGORY_DEFS) {
      for (const name of [category.name, ...category.subcategories.map((s) => s.name)]) {
        const slug = slugify(name);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(titleFromSlug(slug)).toBe(name);
      }
    }
  });

  it('cuts long slugs at a word boundary', () => {
    expect(slugify('Thin and Light Laptop Space Grey', 20)).toBe('thin-and-light');
    expect(slugify("  Men's  Wear & More!  ")).toBe('mens-wear-and-more');
  });

  it('escapes XML special characters and non-ASCII text', () => {
    expect(escapeXml(`Tom & Jerry's <"toys"> — 50%`)).toBe('Tom &amp; Jerry&#39;s &lt;&quot;toys&quot;&gt; &#x2014; 50%');
  });
});
