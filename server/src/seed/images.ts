/**
 * Offline artwork for the seed catalog. Every seed image URL has the form
 * `/images/seed/<kind>/<key>.svg` and is drawn from the key alone, so nothing is stored and
 * nothing is fetched from the network:
 *
 * - product:  `<icon>-<index>-<productId>[-<slug>]`, e.g. `shirt-0-65f0c1d2a3b4c5d6e7f80912-oxford-shirt-navy`.
 *   The icon picks the drawing, the index the composition (hero, angled, close-up, duo, podium),
 *   the id the colours, and a colour word in the slug (navy, rose-gold, ...) the item's colour.
 * - category: `<icon>-<rrggbb>-<slug>`, e.g. `shirt-fde2e4-fashion`.
 * - banner:   `<home|middle|side|bottom>-<theme>-<icon>-<rrggbb>-<slug>`, e.g.
 *   `home-0-phone-dbeafe-mobiles`; the theme digit picks the headline, the slug is the name shown.
 *
 * Output is small, self-contained SVG (no external references, system fonts only).
 */

export type SeedImageKind = 'product' | 'category' | 'banner';
export type SeedBannerKind = 'home' | 'middle' | 'side' | 'bottom';

const MAX_KEY_LENGTH = 160;
const SLUG = '[a-z0-9]+(?:-[a-z0-9]+)*';
const PRODUCT_KEY = new RegExp(`^([a-z]+)-([0-9])-([0-9a-f]{24})(?:-(${SLUG}))?$`);
const CATEGORY_KEY = new RegExp(`^([a-z]+)-([0-9a-f]{6})-(${SLUG})$`);
const BANNER_KEY = new RegExp(`^(home|middle|side|bottom)-([0-9])-([a-z]+)-([0-9a-f]{6})-(${SLUG})$`);

// ---------------------------------------------------------------------------------------------
// Hashing and a small seeded PRNG (shared with the catalog generator).

/** Murmur3's 32-bit finaliser: spreads the bits of a 32-bit integer. */
export function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over the UTF-16 code units, finalised. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** mulberry32: a tiny, fast, seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// Text helpers.

/** Lower-case, hyphen-separated, `&` spelled "and"; cut at a word boundary to maxLength. */
export function slugify(text: string, maxLength = 60): string {
  let slug = text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, ''); // runs of dashes are single dashes by now
  if (slug.length > maxLength) {
    const cut = slug.slice(0, maxLength + 1);
    const at = cut.lastIndexOf('-');
    slug = (at > 0 ? cut.slice(0, at) : slug.slice(0, maxLength)).replace(/-$/, '');
  }
  return slug;
}

/** The inverse of slugify for the names the seed uses: "tea-and-coffee" → "Tea & Coffee". */
export function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => (word === 'and' ? '&' : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** Escapes text for XML content and attributes; non-ASCII becomes a numeric reference. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']|[^\x20-\x7e]/gu, (ch) => {
    switch (ch) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case "'":
        return '&#39;';
      default: {
        const code = ch.codePointAt(0) ?? 32;
        return code < 0x20 ? ' ' : `&#x${code.toString(16).toUpperCase()};`;
      }
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Colour helpers (everything is emitted as #rrggbb for the widest renderer support).

type Rgb = [number, number, number];

function hexToRgb(hex: string): Rgb {
  const n = parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex([r, g, b]: Rgb): string {
  const part = (v: number) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** HSL (hue in degrees, saturation and lightness in percent) to #rrggbb. */
function hsl(hue: number, sat: number, light: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = Math.max(0, Math.min(100, sat)) / 100;
  const l = Math.max(0, Math.min(100, light)) / 100;
  if (s === 0) return rgbToHex([l * 255, l * 255, l * 255]);
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return rgbToHex([channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255]);
}

function hueOf(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((v) => v / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  if (d === 0) return 0;
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

function saturationOf(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  const max = Math.max(r, g, b);
  return max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
}

function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** Colour words that may appear in a product slug (variants, shades, flavours). */
const COLOUR_WORDS: Record<string, string> = {
  black: '#23262e', white: '#f4f4f2', ivory: '#f3ecd9', cream: '#f1e4c8', navy: '#1f3a7a',
  blue: '#2f6fe0', sky: '#4cb8f0', indigo: '#3f3cbb', red: '#d8332f', ruby: '#b3182f',
  maroon: '#7c1d2b', wine: '#7a1f3d', green: '#23a05a', emerald: '#0e8f6a', olive: '#6b7a2c',
  mint: '#5ccfa4', teal: '#0f9488', grey: '#7b8390', gray: '#7b8390', charcoal: '#3b414c',
  graphite: '#4a515c', silver: '#c3cad4', gold: '#d6a419', rose: '#f06a9b', pink: '#f26fae',
  coral: '#fb7a6e', peach: '#fbb58c', orange: '#f58220', yellow: '#f7c630', mustard: '#c99a1d',
  beige: '#d8c3a0', tan: '#c08a56', brown: '#83532d', purple: '#7d45d8', lavender: '#b59ce8',
  nude: '#d9a98c', turmeric: '#e8b517', chilli: '#c9241c', saffron: '#f29a1b', kesar: '#f29a1b',
  coffee: '#6d4830', chocolate: '#5a3725', vanilla: '#efe0ad', pista: '#95c46a', oud: '#5b3a29',
  sandalwood: '#c8a165', jasmine: '#f6edc4', citrus: '#f5a524', lemon: '#f2d64b',
};
const COLOUR_PAIRS: Record<string, string> = {
  'rose-gold': '#e2a98f', 'sky-blue': '#4cb8f0', 'space-grey': '#5d6470', 'antique-gold': '#b8892c',
  'oxidised-silver': '#8d939c', 'rose-pink': '#f27fa8', 'mint-green': '#5ccfa4',
};
const METALS = new Set(['#d6a419', '#c3cad4', '#e2a98f', '#b8892c', '#8d939c']);

/** The last colour word in the slug (variants come last), if any. */
function colourFromSlug(slug: string): string | undefined {
  const words = slug.split('-');
  for (let i = words.length - 1; i >= 0; i--) {
    const pair = i > 0 ? COLOUR_PAIRS[`${words[i - 1]}-${words[i]}`] : undefined;
    if (pair) return pair;
    const single = COLOUR_WORDS[words[i] ?? ''];
    if (single) return single;
  }
  return undefined;
}

interface Palette {
  /** main, dark, light, accent */
  m: string;
  d: string;
  l: string;
  a: string;
  /** white, near-black, steel grey, gold */
  w: string;
  k: string;
  g: string;
  go: string;
  /** metal and gem for jewellery */
  mt: string;
  gm: string;
  /** a neutral that contrasts with the main colour */
  n: string;
}

function makePalette(main: string, accentHue: number): Palette {
  const grey = saturationOf(main) < 0.18;
  const accent = hsl(grey ? accentHue : hueOf(main) + 150, 78, 58);
  const metal = METALS.has(main);
  return {
    m: main,
    d: mix(main, '#000000', 0.4),
    l: mix(main, '#ffffff', 0.55),
    a: accent,
    w: '#ffffff',
    k: '#1f2430',
    g: '#cfd6df',
    go: '#e3b341',
    mt: metal ? main : '#e0ad2e',
    gm: metal ? accent : main,
    n: luminance(main) > 0.7 ? '#2a2f3a' : '#ffffff',
  };
}

// ---------------------------------------------------------------------------------------------
// Drawing primitives: every icon is drawn in a 200 x 200 box centred on the origin.

type Num = number | string;
const op = (o: number) => ` opacity="${o}"`;
const stroke = (colour: string, width: number, extra = '') => ` stroke="${colour}" stroke-width="${width}"${extra}`;
const rect = (x: Num, y: Num, w: Num, h: Num, rx: Num, fill: string, more = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? ` rx="${rx}"` : ''} fill="${fill}"${more}/>`;
const circle = (cx: Num, cy: Num, r: Num, fill: string, more = '') => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${more}/>`;
const ellipse = (cx: Num, cy: Num, rx: Num, ry: Num, fill: string, more = '') =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${more}/>`;
const shape = (d: string, fill: string, more = '') => `<path d="${d}" fill="${fill}"${more}/>`;
const line = (d: string, colour: string, width: number, more = '') =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${more}/>`;
const ring = (cx: Num, cy: Num, r: Num, colour: string, width: number, more = '') => circle(cx, cy, r, 'none', stroke(colour, width, more));
const dash = (pattern: string) => ` stroke-dasharray="${pattern}"`;

const PACKET_TOP = (() => {
  let d = 'M-62 -80';
  for (let i = 0; i < 8; i++) d += ` L${-62 + 15.5 * i + 7.75} -92 L${-62 + 15.5 * (i + 1)} -80`;
  return d;
})();

const CLOCK_TICKS = (() => {
  let d = '';
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    const [s, c] = [Math.sin(a), Math.cos(a)];
    d += `M${(s * 56).toFixed(1)} ${(-c * 56).toFixed(1)}L${(s * 64).toFixed(1)} ${(-c * 64).toFixed(1)}`;
  }
  return d;
})();

const NECKLACE_BEADS = (() => {
  // Points along the two quadratic curves of the chain: (±74,-92) → control (±80,22) → (0,42).
  const points: Array<[number, number]> = [];
  for (const sign of [-1, 1]) {
    for (const t of [0.35, 0.55, 0.75]) {
      const u = 1 - t;
      const x = u * u * 74 * sign + 2 * u * t * 80 * sign;
      const y = u * u * -92 + 2 * u * t * 22 + t * t * 42;
      points.push([Math.round(x), Math.round(y)]);
    }
  }
  return points;
})();

const ICONS = {
  shirt: (p: Palette) =>
    shape('M-38 -88 L-96 -58 L-78 -8 L-58 -18 V92 H58 V-18 L78 -8 L96 -58 L38 -88 Q0 -70 -38 -88 Z', p.m) +
    shape('M-38 -88 L0 -52 L-16 -32 L-46 -78 Z M38 -88 L0 -52 L16 -32 L46 -78 Z', p.l) +
    line('M0 -50 V92', p.d, 3) +
    [-28, 2, 32, 62].map((y) => circle(0, y, 4, p.d)).join('') +
    line('M24 -18 H48 V6 H24 Z', p.d, 3),
  tshirt: (p: Palette) =>
    shape('M-40 -86 L-96 -52 L-74 -6 L-56 -16 V90 H56 V-16 L74 -6 L96 -52 L40 -86 Q0 -58 -40 -86 Z', p.m) +
    line('M-40 -86 Q0 -58 40 -86', p.d, 6) +
    rect(-56, 6, 112, 16, 0, p.l) +
    rect(-56, 30, 112, 8, 0, p.a),
  dress: (p: Palette) =>
    shape('M-24 -92 L-32 -42 L-82 90 H82 L32 -42 L24 -92 Q0 -80 -24 -92 Z', p.m) +
    rect(-34, -48, 68, 12, 5, p.a) +
    line('M-66 66 H66', p.l, 5) +
    [[-24, 10], [18, 28], [-8, 44], [34, 54], [-40, 50], [4, -8]].map(([x, y]) => circle(x!, y!, 5, p.l)).join(''),
  kurta: (p: Palette) =>
    shape('M-36 -90 L-88 -58 L-72 -8 L-52 -20 L-56 94 H56 L52 -20 L72 -8 L88 -58 L36 -90 Q0 -72 -36 -90 Z', p.m) +
    line('M0 -76 V-14', p.d, 4) +
    [-62, -46, -30].map((y) => circle(7, y, 3, p.l)).join('') +
    rect(-56, 74, 112, 16, 0, p.a) +
    line('M-54 66 H54', p.l, 3, dash('4 6')) +
    line('M-88 -58 L-72 -8 M88 -58 L72 -8', p.a, 7),
  jeans: (p: Palette) =>
    shape('M-56 -88 H56 L68 94 H14 L0 -14 L-14 94 H-68 Z', p.m) +
    rect(-56, -88, 112, 16, 0, p.d) +
    circle(0, -80, 4, p.go) +
    line('M-42 -70 Q-40 -46 -16 -46 M42 -70 Q40 -46 16 -46', p.l, 3) +
    line('M0 -70 V-24', p.d, 3) +
    line('M-62 70 H-18 M18 70 H62', p.l, 2, dash('5 5')),
  phone: (p: Palette) =>
    rect(-52, -96, 104, 192, 18, p.m) +
    rect(-44, -84, 88, 168, 10, p.k) +
    rect(-40, -80, 80, 160, 8, p.a) +
    shape('M-40 10 Q0 -26 40 0 V72 Q40 80 32 80 H-32 Q-40 80 -40 72 Z', p.d, op(0.55)) +
    circle(0, -38, 18, p.l, op(0.9)) +
    rect(-14, -90, 28, 5, 2.5, p.k),
  tablet: (p: Palette) =>
    rect(-84, -98, 168, 196, 16, p.m) +
    rect(-76, -88, 152, 176, 8, p.k) +
    rect(-72, -84, 144, 168, 6, p.a) +
    [0, 1, 2].map((col) => [0, 1].map((row) => rect(-56 + col * 40, -66 + row * 40, 28, 28, 7, p.w, op(0.8))).join('')).join('') +
    shape('M-72 40 Q0 0 72 30 V78 Q72 84 66 84 H-66 Q-72 84 -72 78 Z', p.d, op(0.5)),
  laptop: (p: Palette) =>
    rect(-82, -80, 164, 114, 9, p.m) +
    rect(-74, -72, 148, 98, 3, p.k) +
    rect(-70, -68, 140, 90, 2, p.a) +
    shape('M-70 22 L-24 -26 L6 4 L30 -16 L70 22 Z', p.d, op(0.55)) +
    circle(36, -44, 10, p.l) +
    shape('M-100 36 H100 L88 54 H-88 Z', p.l) +
    rect(-20, 36, 40, 6, 3, p.d),
  watch: (p: Palette) =>
    rect(-28, -100, 56, 200, 18, p.m) +
    circle(0, 70, 3, p.d) +
    circle(0, 84, 3, p.d) +
    rect(-48, -54, 96, 108, 28, p.g) +
    rect(-40, -46, 80, 92, 22, p.k) +
    ring(0, 0, 28, p.a, 7) +
    line('M0 0 V-18 M0 0 L12 8', p.w, 4) +
    rect(48, -14, 8, 28, 3, p.g),
  headphones: (p: Palette) =>
    line('M-72 14 V-6 A72 72 0 0 1 72 -6 V14', p.d, 14) +
    rect(-94, -6, 42, 84, 18, p.m) +
    rect(52, -6, 42, 84, 18, p.m) +
    rect(-58, 6, 14, 60, 7, p.k) +
    rect(44, 6, 14, 60, 7, p.k) +
    rect(-86, 10, 8, 50, 4, p.l, op(0.6)) +
    rect(78, 10, 8, 50, 4, p.l, op(0.6)),
  earbuds: (p: Palette) =>
    rect(-72, -4, 144, 92, 44, p.n) +
    line('M-70 30 H70', p.g, 3) +
    circle(0, 64, 4, p.a) +
    [-38, 38].map((x) => rect(x - 8, -60, 16, 54, 8, p.m) + circle(x, -62, 24, p.m) + circle(x, -62, 11, p.d)).join(''),
  speaker: (p: Palette) =>
    rect(-58, -92, 116, 184, 24, p.m) +
    circle(0, 26, 44, p.d) +
    circle(0, 26, 30, p.k) +
    circle(0, 26, 10, p.g) +
    circle(0, -50, 20, p.d) +
    circle(0, -50, 9, p.g) +
    rect(-30, 80, 60, 6, 3, p.l),
  backpack: (p: Palette) =>
    line('M-30 -72 Q-30 -100 0 -100 Q30 -100 30 -72', p.d, 9) +
    rect(-66, -74, 132, 170, 36, p.m) +
    rect(-66, -20, 132, 6, 0, p.d, op(0.35)) +
    rect(-48, 14, 96, 68, 16, p.d) +
    line('M-38 32 H38', p.l, 4) +
    rect(-22, -54, 44, 10, 5, p.l),
  handbag: (p: Palette) =>
    line('M-44 -32 Q-44 -94 0 -94 Q44 -94 44 -32', p.d, 10) +
    shape('M-88 -36 H88 L72 84 Q70 92 62 92 H-62 Q-70 92 -72 84 Z', p.m) +
    shape('M-88 -36 H88 L82 8 Q0 26 -82 8 Z', p.d, op(0.35)) +
    rect(-12, 4, 24, 20, 4, p.go),
  suitcase: (p: Palette) =>
    rect(-22, -98, 44, 34, 8, 'none', stroke(p.k, 8)) +
    rect(-62, -72, 124, 158, 16, p.m) +
    line('M-30 -56 V70 M0 -56 V70 M30 -56 V70', p.d, 6, op(0.45)) +
    circle(-40, 92, 8, p.k) +
    circle(40, 92, 8, p.k),
  duffel: (p: Palette) =>
    line('M-42 -28 Q0 -88 42 -28', p.d, 9) +
    rect(-94, -32, 188, 104, 50, p.m) +
    line('M-60 -22 H60', p.d, 4, dash('8 6')) +
    ellipse(-72, 20, 12, 40, p.d, op(0.35)) +
    ellipse(72, 20, 12, 40, p.d, op(0.35)) +
    rect(-26, 16, 52, 30, 6, p.l),
  wallet: (p: Palette) =>
    rect(-88, -58, 176, 118, 16, p.m) +
    rect(-88, -58, 176, 32, 16, p.d, op(0.35)) +
    rect(20, -16, 68, 46, 12, p.d) +
    circle(44, 7, 7, p.go) +
    line('M-72 42 H4', p.l, 3, dash('6 5')),
  sneaker: (p: Palette) =>
    shape('M-92 32 L-88 -34 Q-62 -44 -42 -18 L8 -28 Q60 -16 88 14 Q98 28 92 40 H-92 Z', p.m) +
    shape('M-92 -34 L-80 -38 L-78 20 L-92 20 Z', p.d) +
    rect(-98, 34, 196, 20, 10, p.w, stroke(p.d, 3)) +
    line('M-62 10 Q0 22 62 2', p.a, 10) +
    line('M-30 -20 L-20 -4 M-14 -24 L-4 -8 M2 -26 L12 -10', p.l, 4),
  formalshoe: (p: Palette) =>
    shape('M-94 40 L-92 -14 Q-70 -24 -52 -4 Q10 -6 70 14 Q100 24 96 40 Z', p.m) +
    shape('M-94 38 H96 Q96 52 86 52 H-94 Z', p.k) +
    rect(-94, 44, 30, 14, 2, p.k) +
    line('M-46 -4 Q-6 12 36 8', p.l, 3, dash('4 5')) +
    line('M-18 -4 L-4 -12 M-6 2 L8 -6', p.l, 3),
  sandal: (p: Palette) =>
    shape('M-96 40 Q-96 28 -80 28 H80 Q96 28 96 40 V50 H-96 Z', p.d) +
    line('M-62 28 Q-62 -34 -20 -34 Q22 -34 22 28', p.m, 16) +
    line('M36 28 Q52 -12 80 28', p.m, 12) +
    circle(-20, -34, 9, p.a) +
    rect(-96, 46, 192, 6, 3, p.k),
  cup: (p: Palette) =>
    line('M-36 -92 Q-18 -74 -36 -56 M-6 -98 Q12 -80 -6 -62 M24 -92 Q42 -74 24 -56', p.d, 6, op(0.45)) +
    line('M40 -10 Q88 -10 88 24 Q88 58 40 58', p.m, 14) +
    rect(-68, -42, 112, 130, 18, p.m) +
    rect(-68, -4, 112, 34, 0, p.d, op(0.35)) +
    ellipse(-12, -42, 56, 9, p.d) +
    circle(-12, 13, 10, p.l),
  jar: (p: Palette) =>
    rect(-52, -94, 104, 30, 7, p.a) +
    rect(-64, -68, 128, 160, 28, p.m) +
    rect(-50, -20, 100, 66, 9, p.w) +
    rect(-34, -4, 68, 9, 4, p.d) +
    rect(-24, 16, 48, 7, 3, p.g) +
    rect(-54, -56, 12, 120, 6, p.w, op(0.25)),
  bowl: (p: Palette) =>
    [[-52, -12], [-20, -22], [14, -16], [46, -10], [-34, -34], [2, -40], [30, -34]]
      .map(([x, y], i) => ellipse(x!, y!, 20, 14, '#c98a4b', ` transform="rotate(${((i * 37) % 60) - 30} ${x} ${y})"${stroke('#8a5a2b', 2)}`))
      .join('') +
    shape('M-94 -6 H94 Q90 82 0 82 Q-90 82 -94 -6 Z', p.m) +
    line('M-72 22 Q0 44 72 22', p.l, 5) +
    rect(-32, 80, 64, 12, 6, p.d),
  packet: (p: Palette) =>
    shape(`${PACKET_TOP} L70 90 H-70 Z`, p.m) +
    rect(-64, -80, 128, 14, 0, p.d, op(0.3)) +
    ellipse(0, 12, 42, 34, p.w) +
    circle(-12, 6, 11, p.a) +
    circle(12, 20, 10, p.a) +
    circle(8, -6, 8, p.a) +
    rect(-40, 56, 80, 12, 6, p.l),
  lipstick: (p: Palette) =>
    shape('M-20 -42 V-76 Q-20 -86 -8 -90 L20 -100 V-42 Z', p.m) +
    rect(-28, -46, 56, 46, 4, p.go) +
    rect(-34, -2, 68, 98, 8, p.k) +
    rect(-34, 10, 68, 6, 0, p.go) +
    rect(-24, -40, 6, 34, 3, p.w, op(0.35)),
  bottle: (p: Palette) =>
    rect(-8, -100, 40, 9, 4, p.k) +
    rect(-20, -94, 40, 26, 6, p.k) +
    rect(-13, -70, 26, 22, 0, p.g) +
    rect(-52, -50, 104, 146, 26, p.m) +
    rect(-40, 0, 80, 62, 9, p.w, op(0.9)) +
    rect(-28, 14, 56, 8, 4, p.d) +
    rect(-20, 30, 40, 6, 3, p.g) +
    rect(-42, -38, 10, 110, 5, p.w, op(0.25)),
  tube: (p: Palette) =>
    shape('M-48 -88 H48 L38 56 H-38 Z', p.m) +
    rect(-50, -98, 100, 14, 3, p.d) +
    rect(-28, 56, 56, 40, 6, p.k) +
    rect(-30, -40, 60, 44, 6, p.w, op(0.9)) +
    rect(-20, -28, 40, 7, 3, p.d) +
    rect(-14, -14, 28, 5, 2, p.g),
  perfume: (p: Palette) =>
    rect(-28, -100, 56, 42, 9, p.go) +
    rect(-13, -60, 26, 18, 0, p.g) +
    rect(-68, -44, 136, 138, 28, p.m, op(0.92)) +
    rect(-52, -22, 104, 100, 20, p.l, op(0.45)) +
    rect(-36, 12, 72, 28, 5, p.w) +
    rect(-24, 22, 48, 6, 3, p.d) +
    rect(-56, -32, 10, 100, 5, p.w, op(0.3)),
  pills: (p: Palette) =>
    rect(-52, -98, 104, 38, 9, p.d) +
    line('M-36 -92 V-66 M-18 -92 V-66 M0 -92 V-66 M18 -92 V-66 M36 -92 V-66', p.k, 3, op(0.3)) +
    rect(-62, -64, 124, 160, 20, p.w, stroke(p.d, 3)) +
    rect(-61, -26, 122, 84, 0, p.m) +
    line('M0 -6 V38 M-22 16 H22', p.w, 12),
  dumbbell: (p: Palette) =>
    rect(-70, -9, 140, 18, 6, p.g) +
    rect(-96, -48, 26, 96, 8, p.m) +
    rect(-72, -36, 18, 72, 6, p.d) +
    rect(70, -48, 26, 96, 8, p.m) +
    rect(54, -36, 18, 72, 6, p.d),
  kettlebell: (p: Palette) =>
    line('M-40 -18 V-50 Q-40 -94 0 -94 Q40 -94 40 -50 V-18', p.k, 18) +
    circle(0, 30, 66, p.m) +
    rect(-24, 16, 48, 28, 6, p.w, op(0.85)) +
    circle(-28, 0, 12, p.w, op(0.25)),
  yogamat: (p: Palette) =>
    rect(-70, -40, 162, 80, 10, p.m) +
    ellipse(-70, 0, 26, 40, p.d) +
    ellipse(-70, 0, 16, 26, 'none', stroke(p.l, 4)) +
    ellipse(-70, 0, 7, 12, 'none', stroke(p.l, 4)) +
    rect(-4, -42, 16, 84, 3, p.a) +
    rect(46, -42, 16, 84, 3, p.a),
  ring: (p: Palette) =>
    ring(0, 26, 62, p.mt, 16) +
    ring(0, 26, 52, p.d, 3, op(0.35)) +
    rect(-18, -44, 36, 16, 4, p.mt) +
    shape('M-32 -56 L-18 -80 H18 L32 -56 L0 -26 Z', p.gm) +
    line('M-32 -56 H32 M-18 -80 L-8 -56 L0 -26 M18 -80 L8 -56 L0 -26', p.w, 2, op(0.7)),
  necklace: (p: Palette) =>
    line('M-74 -92 Q-80 22 0 42 Q80 22 74 -92', p.mt, 7) +
    NECKLACE_BEADS.map(([x, y]) => circle(x, y, 7, p.gm)).join('') +
    shape('M0 44 L-22 68 L0 100 L22 68 Z', p.gm) +
    circle(0, 46, 7, p.mt) +
    line('M-10 68 H10', p.w, 2, op(0.6)),
  earring: (p: Palette) =>
    [-48, 48]
      .map(
        (x) =>
          ring(x, -84, 10, p.mt, 5) +
          rect(x - 3, -76, 6, 24, 3, p.mt) +
          shape(`M${x - 34} 16 Q${x - 34} -56 ${x} -56 Q${x + 34} -56 ${x + 34} 16 Z`, p.mt) +
          line(`M${x - 34} 16 H${x + 34}`, p.d, 4) +
          [-26, -13, 0, 13, 26].map((dx) => circle(x + dx, 30, 5, p.gm)).join('') +
          circle(x, -14, 9, p.gm),
      )
      .join(''),
  bangle: (p: Palette) =>
    ring(-22, 12, 66, p.mt, 16) +
    ring(-22, 12, 66, p.w, 4, dash('3 13') + op(0.7)) +
    ring(26, -12, 66, p.gm, 12) +
    ring(26, -12, 66, p.w, 3, dash('2 10') + op(0.6)),
  pan: (p: Palette) =>
    rect(40, -11, 62, 22, 11, p.k) +
    circle(-22, 0, 76, p.k) +
    circle(-22, 0, 64, p.m) +
    circle(-22, 0, 40, p.d, op(0.25)) +
    line('M-64 -30 Q-46 -50 -16 -52', p.w, 6, op(0.4)),
  kettle: (p: Palette) =>
    line('M44 -40 Q94 -40 86 20 Q82 50 56 60', p.k, 12) +
    shape('M-54 10 L-94 -32 L-84 -40 L-48 -16 Z', p.m) +
    shape('M-60 82 L-48 -24 Q0 -52 48 -24 L60 82 Z', p.m) +
    ellipse(0, -34, 30, 10, p.d) +
    rect(-8, -54, 16, 14, 4, p.k) +
    rect(-66, 76, 132, 16, 7, p.k) +
    rect(-40, -4, 10, 70, 5, p.w, op(0.25)),
  mixer: (p: Palette) =>
    line('M50 -58 Q80 -52 78 -12 Q76 8 48 10', p.k, 10) +
    shape('M-44 20 L-54 -72 H54 L44 20 Z', p.l, op(0.85)) +
    line('M-20 -10 L20 -30 M-20 -30 L20 -10', p.d, 5) +
    rect(-58, -88, 116, 18, 6, p.k) +
    rect(-58, 18, 116, 76, 16, p.m) +
    circle(0, 56, 15, p.w) +
    line('M0 56 L9 46', p.k, 4),
  lamp: (p: Palette) =>
    shape('M-62 -22 L-96 66 H96 L62 -22 Z', '#fff3b0', op(0.35)) +
    rect(-6, -24, 12, 98, 0, p.k) +
    ellipse(0, 80, 58, 14, p.d) +
    shape('M-62 -22 L-38 -96 H38 L62 -22 Z', p.m) +
    line('M-54 -30 H54', p.l, 4),
  vase: (p: Palette) =>
    line('M0 -44 Q-10 -72 -32 -86 M0 -44 V-94 M0 -44 Q14 -72 36 -82', '#3f7d4e', 4) +
    [[-32, -86], [0, -94], [36, -82]].map(([x, y]) => circle(x!, y!, 12, p.a) + circle(x!, y!, 4, p.w)).join('') +
    shape('M-22 -46 H22 L18 -26 Q66 4 52 56 Q44 94 0 94 Q-44 94 -52 56 Q-66 4 -18 -26 Z', p.m) +
    line('M-46 28 H46 M-48 48 H48', p.l, 5),
  diya: (p: Palette) =>
    shape('M0 -92 Q24 -62 0 -36 Q-24 -62 0 -92 Z', '#ffb020') +
    shape('M0 -72 Q10 -56 0 -42 Q-10 -56 0 -72 Z', '#fff3b0') +
    shape('M-92 -30 H92 Q82 42 0 52 Q-82 42 -92 -30 Z', p.m) +
    line('M-92 -30 Q0 -8 92 -30', p.d, 5) +
    circle(-40, 10, 6, p.l) +
    circle(0, 20, 6, p.l) +
    circle(40, 10, 6, p.l) +
    rect(-36, 50, 72, 14, 6, p.d),
  clock: (p: Palette) =>
    circle(0, 0, 86, p.m) +
    circle(0, 0, 70, p.w) +
    line(CLOCK_TICKS, p.k, 4) +
    line('M0 0 V-46 M0 0 L32 18', p.k, 7) +
    circle(0, 0, 7, p.a),
  pillow: (p: Palette) =>
    shape('M-88 -64 Q0 -80 88 -64 Q74 0 88 64 Q0 80 -88 64 Q-74 0 -88 -64 Z', p.m) +
    shape('M-42 0 L0 -42 L42 0 L0 42 Z', p.l) +
    circle(0, 0, 12, p.a) +
    line('M-70 -52 Q0 -64 70 -52', p.w, 4, op(0.4)) +
    [[-60, -40], [60, -40], [-60, 40], [60, 40]].map(([x, y]) => circle(x!, y!, 5, p.l)).join(''),
  teddy: (p: Palette) =>
    circle(-46, -64, 22, p.m) +
    circle(46, -64, 22, p.m) +
    circle(-46, -64, 11, p.l) +
    circle(46, -64, 11, p.l) +
    ellipse(0, 58, 62, 44, p.m) +
    ellipse(-40, 90, 20, 10, p.d) +
    ellipse(40, 90, 20, 10, p.d) +
    ellipse(0, 64, 30, 24, p.l) +
    circle(0, -28, 54, p.m) +
    ellipse(0, -10, 24, 18, p.l) +
    circle(-20, -38, 6, p.k) +
    circle(20, -38, 6, p.k) +
    ellipse(0, -16, 8, 6, p.k) +
    shape('M-24 20 L0 30 L24 20 V38 L0 28 L-24 38 Z', p.a),
  blocks: (p: Palette) =>
    rect(-94, 8, 82, 82, 12, p.m) +
    rect(6, 8, 82, 82, 12, p.a) +
    `<g transform="rotate(-8 -5 -37)">${rect(-46, -78, 82, 82, 12, p.d)}${rect(-20, -52, 30, 30, 4, p.w)}</g>` +
    circle(-53, 49, 20, p.w) +
    shape('M47 26 L68 70 H26 Z', p.w),
  flask: (p: Palette) =>
    shape('M-18 -88 H18 V-30 L70 70 Q76 88 58 88 H-58 Q-76 88 -70 70 L-18 -30 Z', p.w, stroke(p.k, 5, ' stroke-linejoin="round"')) +
    shape('M-44 22 H44 L66 72 Q70 82 58 82 H-58 Q-70 82 -66 72 Z', p.m) +
    circle(-12, 4, 7, p.l) +
    circle(8, -14, 5, p.l) +
    rect(-26, -98, 52, 14, 5, p.k),
  gift: (p: Palette) =>
    rect(-78, -24, 156, 114, 8, p.m) +
    rect(-88, -52, 176, 36, 8, p.d) +
    rect(-12, -52, 24, 142, 0, p.a) +
    shape('M0 -52 Q-64 -108 -52 -62 Q-42 -46 0 -52 Z M0 -52 Q64 -108 52 -62 Q42 -46 0 -52 Z', p.a) +
    circle(0, -52, 9, p.a),
  dice: (p: Palette) =>
    `<g transform="rotate(-12 -36 16)">${rect(-92, -40, 112, 112, 20, p.w, stroke(p.k, 3))}` +
    [[-64, -12], [-8, -12], [-36, 16], [-64, 44], [-8, 44]].map(([x, y]) => circle(x!, y!, 9, p.k)).join('') +
    `</g><g transform="rotate(14 46 -42)">${rect(2, -86, 88, 88, 16, p.m)}` +
    [[22, -66], [46, -42], [70, -18]].map(([x, y]) => circle(x!, y!, 8, p.w)).join('') +
    '</g>',
  chess: (p: Palette) =>
    circle(0, -64, 26, p.m) +
    shape('M-20 -42 H20 L32 50 H-32 Z', p.m) +
    rect(-36, -46, 72, 12, 6, p.d) +
    rect(-58, 46, 116, 20, 8, p.d) +
    rect(-68, 64, 136, 24, 8, p.m) +
    rect(-10, -30, 8, 60, 4, p.w, op(0.3)),
  carrom: (p: Palette) =>
    rect(-92, -92, 184, 184, 12, p.d) +
    rect(-78, -78, 156, 156, 0, '#f3d9a4') +
    [[-66, -66], [66, -66], [-66, 66], [66, 66]].map(([x, y]) => circle(x!, y!, 10, p.k)).join('') +
    line('M-52 -50 H52 M-52 50 H52', p.d, 2, op(0.5)) +
    ring(0, 0, 28, p.a, 4) +
    circle(0, 0, 8, '#e11d48') +
    circle(-18, -6, 8, p.k) +
    circle(16, 8, 8, p.w, stroke(p.k, 2)) +
    circle(4, -20, 8, p.w, stroke(p.k, 2)) +
    circle(-6, 18, 8, p.k),
} satisfies Record<string, (p: Palette) => string>;

export type IconName = keyof typeof ICONS;
export const ICON_NAMES = Object.keys(ICONS) as IconName[];

export function isIconName(name: string): name is IconName {
  return Object.prototype.hasOwnProperty.call(ICONS, name);
}

function place(icon: IconName, p: Palette, x: number, y: number, rotate: number, scale: number, more = ''): string {
  return `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${scale})"${more}>${ICONS[icon](p)}</g>`;
}

/** A four-pointed sparkle. */
function sparkle(x: number, y: number, size: number, fill: string, opacity: number): string {
  const s = size;
  return shape(`M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}Z`, fill, op(opacity));
}

function svgOpen(width: number, height: number, label: string): string {
  const text = escapeXml(label);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${text}">` +
    `<title>${text}</title>`
  );
}

// ---------------------------------------------------------------------------------------------
// Product images: a square "studio shot" whose composition depends on the image index.

const GRADIENT_DIRECTIONS = [
  ['0', '0', '1', '1'],
  ['1', '0', '0', '1'],
  ['0', '0', '0', '1'],
  ['0', '1', '1', '0'],
] as const;

function renderProduct(icon: IconName, index: number, id: string, slug: string): string {
  const base = hash32(id);
  const pr = mulberry32(base);
  const ir = mulberry32(hash32(`${id}:${index}`));
  const jitter = (n: number) => Math.round((ir() - 0.5) * 2 * n);
  const hue = base % 360;
  const main = colourFromSlug(slug) ?? hsl(hue + 140 + pr() * 80, 55 + pr() * 25, 46 + pr() * 10);
  const p = makePalette(main, hue + 200);
  const lightItem = luminance(main) > 0.72;
  const bgHue = hue + index * 23;
  const c1 = lightItem ? hsl(bgHue, 42, 56) : hsl(bgHue, 78, 94);
  const c2 = lightItem ? hsl(bgHue + 30, 48, 38) : hsl(bgHue + 35, 66, 80);
  const deco = lightItem ? '#ffffff' : hsl(bgHue + 10, 62, 70);
  const [x1, y1, x2, y2] = GRADIENT_DIRECTIONS[Math.floor(ir() * GRADIENT_DIRECTIONS.length)]!;
  let defs = `<linearGradient id="bg" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>`;
  let scene = rect(0, 0, 600, 600, 0, 'url(#bg)');
  const shadow = (x: number, y: number, rx: number) => ellipse(x, y, rx, Math.round(rx * 0.12), '#000000', op(0.13));
  const size = 28 + Math.floor(ir() * 20);
  const tilt = jitter(30);
  switch (index % 5) {
    case 0: {
      // Hero: centred on a soft disc.
      scene += circle(300 + jitter(20), 290 + jitter(20), 210 + jitter(12), '#ffffff', op(0.5));
      scene += circle(480 + jitter(30), 110 + jitter(30), 40 + jitter(10), deco, op(0.55));
      scene += circle(110 + jitter(30), 500 + jitter(30), 28 + jitter(8), deco, op(0.45));
      scene += shadow(300, 496, 150) + place(icon, p, 300, 300, jitter(3), 1.7);
      break;
    }
    case 1: {
      // Angled, on a tilted card over a dotted background.
      defs += `<pattern id="pt" width="${size}" height="${size}" patternUnits="userSpaceOnUse" patternTransform="rotate(${tilt})">${circle(size / 2, size / 2, 3 + Math.floor(ir() * 3), deco)}</pattern>`;
      scene += rect(0, 0, 600, 600, 0, 'url(#pt)', op(0.7));
      scene += rect(120, 120, 360, 360, 64, '#ffffff', ` opacity="0.45" transform="rotate(${10 + jitter(6)} 300 300)"`);
      scene += shadow(310, 490, 130) + place(icon, p, 300 + jitter(12), 296 + jitter(12), -14 + jitter(5), 1.45);
      break;
    }
    case 2: {
      // Close-up: zoomed in and cropped, over diagonal stripes.
      defs += `<pattern id="pt" width="${size}" height="${size}" patternUnits="userSpaceOnUse" patternTransform="rotate(${35 + tilt})">${rect(0, 0, Math.round(size / 3), size, 0, deco)}</pattern>`;
      scene += rect(0, 0, 600, 600, 0, 'url(#pt)', op(0.45));
      scene += circle(330, 360, 260, '#ffffff', op(0.35));
      scene += place(icon, p, 330 + jitter(30), 360 + jitter(30), 8 + jitter(6), 2.5);
      break;
    }
    case 3: {
      // Duo: the item in a second colour behind it, on a grid.
      defs += `<pattern id="pt" width="${size + 8}" height="${size + 8}" patternUnits="userSpaceOnUse"><path d="M${size + 8} 0H0V${size + 8}" fill="none"${stroke(deco, 2)}/></pattern>`;
      scene += rect(0, 0, 600, 600, 0, 'url(#pt)', op(0.6));
      const twin = makePalette(hsl(hueOf(main) + 60 + pr() * 120, 60, 55), hue + 90);
      scene += place(icon, twin, 205 + jitter(10), 235 + jitter(10), -12 + jitter(4), 1.0, op(0.8));
      scene += shadow(370, 500, 120) + place(icon, p, 372 + jitter(10), 345 + jitter(10), 7 + jitter(4), 1.3);
      break;
    }
    default: {
      // Podium: concentric rings and a pedestal.
      for (let k = 1; k <= 5; k++) scene += ring(300, 280, 55 * k + jitter(6), deco, 3, op(0.45));
      scene += rect(120, 470, 360, 130, 0, '#ffffff', op(0.45));
      scene += ellipse(300, 470, 180, 34, '#ffffff', op(0.85));
      scene += place(icon, p, 300 + jitter(6), 300, jitter(6), 1.4);
      break;
    }
  }
  const sparkles = 2 + Math.floor(ir() * 3);
  for (let s = 0; s < sparkles; s++) {
    const corner = s % 4;
    const x = (corner % 2 === 0 ? 40 : 470) + Math.floor(ir() * 90);
    const y = (corner < 2 ? 40 : 470) + Math.floor(ir() * 90);
    scene += sparkle(x, y, 10 + Math.floor(ir() * 12), '#ffffff', 0.8);
  }
  const label = slug ? titleFromSlug(slug) : icon;
  return `${svgOpen(600, 600, label)}<defs>${defs}</defs>${scene}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Category images: the category's icon on its own colour.

function renderCategory(icon: IconName, hex: string, slug: string): string {
  const colour = `#${hex}`;
  const hue = hueOf(colour);
  const r = mulberry32(hash32(`${icon}-${hex}-${slug}`));
  const p = makePalette(hsl(hue, 68, 50), hue + 150);
  const defs =
    `<radialGradient id="bg" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="#ffffff"/>` +
    `<stop offset="0.55" stop-color="${colour}"/><stop offset="1" stop-color="${hsl(hue, 55, 78)}"/></radialGradient>`;
  let scene = rect(0, 0, 600, 600, 0, 'url(#bg)');
  scene += circle(300, 300, 214, hsl(hue, 72, 82), op(0.75));
  scene += ring(300, 300, 236, '#ffffff', 6, dash('2 18') + ' stroke-linecap="round"');
  scene += ellipse(300, 486, 140, 16, '#000000', op(0.1));
  scene += place(icon, p, 300, 296, 0, 1.6);
  for (let s = 0; s < 3; s++) scene += sparkle(70 + Math.floor(r() * 460), s === 1 ? 520 + Math.floor(r() * 40) : 40 + Math.floor(r() * 50), 12 + Math.floor(r() * 10), '#ffffff', 0.9);
  return `${svgOpen(600, 600, titleFromSlug(slug))}<defs>${defs}</defs>${scene}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Banners: a headline, the category or subcategory name and a call to action.

/** [headline, subline, call to action] by theme digit. */
export const BANNER_THEMES: ReadonlyArray<readonly [string, string, string]> = [
  ['New Year Sale', 'Up to 50% off', 'Grab the deal'],
  ['Free delivery', 'On orders over Rs 299', 'Shop now'],
  ['Rs 20 off', 'On your first order', 'Shop now'],
  ['Fresh arrivals', 'New styles every week', 'View collection'],
  ['Festive gifting', 'Handpicked for loved ones', 'Explore gifts'],
  ['Bestsellers', 'Everything under Rs 999', 'Shop now'],
  ['Deal of the day', 'Flat 30% off today', 'Grab the deal'],
  ['Top rated', 'Loved by shoppers', 'Explore'],
  ['Weekend offer', 'Extra 10% off', 'Shop now'],
  ['Made in India', 'Support local makers', 'Explore'],
];

function renderBanner(kind: SeedBannerKind, theme: number, icon: IconName, hex: string, slug: string): string {
  const wide = kind === 'home';
  const [width, height] = wide ? [1200, 400] : [600, 300];
  const [headline, subline, cta] = BANNER_THEMES[theme] ?? BANNER_THEMES[0]!;
  const name = titleFromSlug(slug);
  const hue = hueOf(`#${hex}`);
  const r = mulberry32(hash32(`${kind}-${theme}-${icon}-${hex}-${slug}`));
  const p = makePalette(hsl(hue + 160 + r() * 40, 66, 52), hue + 40);
  const L = wide
    ? { x: 80, label: [118, 22], head: [198, 64], sub: [252, 34], cta: [288, 58, 24], icon: [930, 200, 150, 1.25] }
    : { x: 36, label: [70, 15], head: [122, 34], sub: [160, 20], cta: [186, 44, 17], icon: [470, 150, 100, 0.8] };
  const [ix, iy, ir, is] = L.icon as [number, number, number, number];
  const [ctaY, ctaH, ctaSize] = L.cta as [number, number, number];
  const ctaText = `${cta} \u203a`;
  const ctaW = Math.round(ctaText.length * ctaSize * 0.6 + ctaH * 0.9);
  const defs =
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 62, 28)}"/>` +
    `<stop offset="1" stop-color="${hsl(hue + 28, 66, 46)}"/></linearGradient>` +
    `<pattern id="pt" width="18" height="18" patternUnits="userSpaceOnUse">${circle(9, 9, 2, '#ffffff')}</pattern>`;
  let scene = rect(0, 0, width, height, 0, 'url(#bg)');
  scene += circle(Math.round(width * 0.6), Math.round(-height * 0.18), Math.round(height * 0.55), '#ffffff', op(0.07));
  scene += circle(width - 20, height + 10, Math.round(height * 0.5), '#ffffff', op(0.08));
  scene += rect(ix - ir - 40, iy - ir + 10, ir * 1.2, ir * 1.2, 0, 'url(#pt)', op(0.25));
  scene += circle(ix, iy, ir, hsl(hue, 75, 90));
  scene += ring(ix, iy, ir + 14, '#ffffff', 3, op(0.5) + dash('3 12') + ' stroke-linecap="round"');
  scene += place(icon, p, ix, iy + 4, -6 + Math.round(r() * 12), is);
  for (let s = 0; s < 3; s++) {
    scene += sparkle(Math.round(ix - ir * 1.3 + r() * ir * 2.6), Math.round(iy - ir - 8 + r() * 24) + (s === 2 ? ir * 2 : 0), Math.round(6 + r() * 8 * (height / 300)), '#ffe58a', 0.9);
  }
  const text = (x: number, y: number, size: number, weight: number, fill: string, value: string, more = '') =>
    `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}"${more}>${escapeXml(value)}</text>`;
  const [labelY, labelSize] = L.label as [number, number];
  const [headY, headSize] = L.head as [number, number];
  const [subY, subSize] = L.sub as [number, number];
  scene +=
    `<g font-family="system-ui, sans-serif">` +
    text(L.x, labelY, labelSize, 700, '#ffe58a', name.toUpperCase(), ` letter-spacing="${Math.round(labelSize / 7)}"`) +
    text(L.x, headY, headSize, 800, '#ffffff', headline) +
    text(L.x, subY, subSize, 500, '#ffffff', subline, op(0.92)) +
    rect(L.x, ctaY, ctaW, ctaH, ctaH / 2, '#ffffff') +
    text(L.x + ctaW / 2, ctaY + ctaH / 2 + ctaSize * 0.36, ctaSize, 700, hsl(hue, 62, 30), ctaText, ' text-anchor="middle"') +
    '</g>';
  return `${svgOpen(width, height, `${headline} \u2014 ${subline}: ${name}`)}<defs>${defs}</defs>${scene}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Public API.

/** The path the server serves a seed image under. */
export function seedImageUrl(kind: SeedImageKind, key: string): string {
  return `/images/seed/${kind}/${key}.svg`;
}

export function productImageKey(icon: IconName, index: number, productId: string, slug: string): string {
  return `${icon}-${index}-${productId}${slug ? `-${slug}` : ''}`;
}

export function categoryImageKey(icon: IconName, colour: string, name: string): string {
  return `${icon}-${colour.replace('#', '').toLowerCase()}-${slugify(name)}`;
}

export function bannerImageKey(kind: SeedBannerKind, theme: number, icon: IconName, colour: string, name: string): string {
  return `${kind}-${theme}-${icon}-${colour.replace('#', '').toLowerCase()}-${slugify(name)}`;
}

/**
 * SVG markup for a seed image, or null when the kind is unknown or the key malformed (wrong
 * shape, unknown icon, too long). Deterministic: the same key always gives the same bytes.
 */
export function renderSeedImage(kind: string, key: string): string | null {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return null;
  if (kind === 'product') {
    const m = PRODUCT_KEY.exec(key);
    const icon = m?.[1] ?? '';
    if (!m || !isIconName(icon)) return null;
    return renderProduct(icon, Number(m[2]), m[3]!, m[4] ?? '');
  }
  if (kind === 'category') {
    const m = CATEGORY_KEY.exec(key);
    const icon = m?.[1] ?? '';
    if (!m || !isIconName(icon)) return null;
    return renderCategory(icon, m[2]!, m[3]!);
  }
  if (kind === 'banner') {
    const m = BANNER_KEY.exec(key);
    const icon = m?.[3] ?? '';
    if (!m || !isIconName(icon)) return null;
    return renderBanner(m[1] as SeedBannerKind, Number(m[2]), icon, m[4]!, m[5]!);
  }
  return null;
}
