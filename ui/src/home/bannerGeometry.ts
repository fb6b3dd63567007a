import type { Banner } from '../api/types.ts';

/** The seed's home banners are 1200 × 400; the frame keeps that ratio before anything loads. */
export const HOME_BANNER = { width: 1200, height: 400 } as const;

export const bannerAlt = (banner: Banner, index: number) => banner.subCatName ?? banner.catName ?? `Offer ${index + 1}`;
