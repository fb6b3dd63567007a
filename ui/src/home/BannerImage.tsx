import Box from '@mui/material/Box';
import { Link } from 'react-router';
import type { Banner } from '../api/types.ts';
import { Img } from '../lib/Img.tsx';
import { bannerPath } from '../lib/links.ts';

/** A banner picture linking to its subcategory, else its category, else nowhere. */
export function BannerImage({ banner, width, height, priority = false, alt }: { banner: Banner; width: number; height: number; priority?: boolean; alt: string }) {
  const to = bannerPath(banner);
  const picture = <Img src={banner.images[0]} alt={alt} width={width} height={height} priority={priority} />;
  const sx = { display: 'block', borderRadius: 3, overflow: 'hidden', transition: 'transform .25s', '&:hover': to ? { transform: 'translateY(-2px)' } : undefined } as const;
  return to ? (
    <Box component={Link} to={to} sx={sx} data-testid="banner-link">
      {picture}
    </Box>
  ) : (
    <Box sx={sx}>{picture}</Box>
  );
}

/** Three banners side by side (one per row on phones). */
export function BannerStrip({ banners, label, testId }: { banners: Banner[] | undefined; label: string; testId: string }) {
  const items = (banners ?? []).slice(0, 3);
  return (
    <Box
      role="region"
      aria-label={label}
      data-testid={testId}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2, my: 4 }}
    >
      {banners === undefined
        ? Array.from({ length: 3 }, (_, i) => <Box key={i} sx={{ aspectRatio: '2 / 1', borderRadius: 3, bgcolor: '#e9edf6' }} />)
        : items.map((banner, i) => <BannerImage key={banner.id} banner={banner} width={600} height={300} alt={banner.subCatName ?? banner.catName ?? `Offer ${i + 1}`} />)}
    </Box>
  );
}
