import type { Banner } from '../api/types.ts';

export const productPath = (id: string) => `/product/${encodeURIComponent(id)}`;
export const categoryPath = (id: string) => `/products/category/${encodeURIComponent(id)}`;
export const subCategoryPath = (id: string) => `/products/subCat/${encodeURIComponent(id)}`;
export const searchPath = (q: string) => `/search?q=${encodeURIComponent(q)}`;

/** Banners open their subcategory when they have one, otherwise their category. */
export function bannerPath(banner: Pick<Banner, 'catId' | 'subCatId'>): string | null {
  if (banner.subCatId) return subCategoryPath(banner.subCatId);
  if (banner.catId) return categoryPath(banner.catId);
  return null;
}
