import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PublicUrls } from './public-urls.ts';

const urls = new PublicUrls('https://shop.example/');

describe('PublicUrls', () => {
  it('makes paths on this site absolute and lets every other value through', () => {
    expect(urls.url('/images/seed/product/a.svg')).toBe('https://shop.example/images/seed/product/a.svg');
    expect(urls.url('/uploads/avatars/u/1.png')).toBe('https://shop.example/uploads/avatars/u/1.png');
    expect(urls.url('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(urls.url('//cdn.example/a.png')).toBe('//cdn.example/a.png');
    expect(urls.url('')).toBe('');
  });

  it('turns a URL it gave back into the path it stands for, and nothing else', () => {
    expect(urls.path('https://shop.example/uploads/a.png')).toBe('/uploads/a.png');
    expect(urls.path(urls.url('/images/seed/product/a.svg'))).toBe('/images/seed/product/a.svg');
    expect(urls.path('https://shop.example.evil/uploads/a.png')).toBe('https://shop.example.evil/uploads/a.png');
    expect(urls.path('/uploads/a.png')).toBe('/uploads/a.png');
  });

  it('keeps a path prefix of the public address (a shop behind a proxy under /shop)', () => {
    expect(new PublicUrls('https://example.in/shop/').url('/uploads/x.png')).toBe('https://example.in/shop/uploads/x.png');
  });

  it('rewrites the documents of each reply shape, leaving the stored ones untouched', () => {
    const line = { productId: 'p', image: '/images/seed/product/a.svg' };
    expect(urls.withImage(line)).toEqual({ productId: 'p', image: 'https://shop.example/images/seed/product/a.svg' });
    expect(line.image).toBe('/images/seed/product/a.svg');
    const user = { name: 'Asha', images: ['/uploads/a.png', 'https://lh3.example/photo.jpg'] };
    expect(urls.withImages(user).images).toEqual(['https://shop.example/uploads/a.png', 'https://lh3.example/photo.jpg']);
    const order = { id: 'o', products: [line, { productId: 'q', image: 'https://cdn.example/q.png' }] };
    expect(urls.withLineImages(order).products.map((l) => l.image)).toEqual([
      'https://shop.example/images/seed/product/a.svg',
      'https://cdn.example/q.png',
    ]);
  });

  it('rewrites image lists in serialised catalog replies, and nothing else', () => {
    const product = {
      name: '/uploads/not-an-image-field',
      description: 'Says "images":["/x"] in its text, and ,"/y',
      images: ['/images/seed/product/a.svg', 'https://cdn.example/b.png', '/images/seed/product/c]d".svg', '//cdn.example/e.png'],
      children: [{ images: [] }, { images: ['/uploads/f.png'] }],
    };
    const reply = JSON.parse(urls.imagesInJson(`{"products":[${JSON.stringify(product)}],"page":1}`)) as { products: (typeof product)[] };
    expect(reply.products[0]).toEqual({
      ...product,
      images: [
        'https://shop.example/images/seed/product/a.svg',
        'https://cdn.example/b.png',
        'https://shop.example/images/seed/product/c]d".svg',
        '//cdn.example/e.png',
      ],
      children: [{ images: [] }, { images: ['https://shop.example/uploads/f.png'] }],
    });
  });

  it('gives the same result on JSON text as on the parsed documents, for any strings', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.string().map((s) => `/${s}`))), fc.string(), (images, name) => {
        const doc = { name, images };
        expect(JSON.parse(urls.imagesInJson(JSON.stringify(doc)))).toEqual(urls.withImages(doc));
      }),
    );
  });

  it('takes the real port once when the address names port 0 (PORT=0), and keeps any other', () => {
    const zero = new PublicUrls('http://127.0.0.1:0');
    zero.listening(43121);
    expect(zero.url('/a.svg')).toBe('http://127.0.0.1:43121/a.svg');
    const set = new PublicUrls('https://shop.example');
    set.listening(43121);
    expect(set.base).toBe('https://shop.example');
  });
});
