import { Link } from 'react-router';
import type { Banner } from '../api/types.ts';
import { Img } from './Img.tsx';
import { bannerPath } from './links.ts';
import css from './BannerImage.module.css';

/** A banner picture linking to its subcategory, else its category, else nowhere. */
export function BannerImage({ banner, width, height, priority = false, alt }: { banner: Banner; width: number; height: number; priority?: boolean; alt: string }) {
  const to = bannerPath(banner);
  const picture = <Img src={banner.images[0]} alt={alt} width={width} height={height} priority={priority} />;
  return to ? (
    <Link to={to} className={css.bannerLink} data-testid="banner-link">
      {picture}
    </Link>
  ) : (
    <div className={css.bannerLink}>{picture}</div>
  );
}

/** Three banners side by side (one per row on phones). */
export function BannerStrip({ banners, label, testId }: { banners: Banner[] | undefined; label: string; testId: string }) {
  const items = (banners ?? []).slice(0, 3);
  return (
    <div role="region" aria-label={label} data-testid={testId} className={css.strip}>
      {banners === undefined
        ? Array.from({ length: 3 }, (_, i) => <div key={i} className={css.loading} />)
        : items.map((banner, i) => <BannerImage key={banner.id} banner={banner} width={600} height={300} alt={banner.subCatName ?? banner.catName ?? `Offer ${i + 1}`} />)}
    </div>
  );
}
