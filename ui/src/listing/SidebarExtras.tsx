import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { useGetBannersQuery, useGetFeaturedProductsQuery } from '../api/shopApi.ts';
import { brand } from '../shared/theme.ts';
import { BannerImage } from '../shared/BannerImage.tsx';
import { ProductCard } from '../shared/product-card/ProductCard.tsx';
import { useSession } from '../session/hooks.ts';

/** Under the filters on wide screens: a featured products carousel and the side banners. */
export function SidebarExtras() {
  const { location } = useSession();
  const { data: featured } = useGetFeaturedProductsQuery(location);
  const { data: banners } = useGetBannersQuery('side');
  return (
    <>
      {featured && featured.length > 0 && (
        <Box component="section" aria-label="Featured products" data-testid="sidebar-featured" sx={{ bgcolor: '#fff', border: `1px solid ${brand.line}`, borderRadius: 3, p: 2, mb: 2 }}>
          <Typography variant="h4" component="h2" sx={{ mb: 1.25, textTransform: 'uppercase', fontSize: 13.5, letterSpacing: '0.06em', color: brand.indigo }}>
            Featured products
          </Typography>
          <Swiper modules={[Autoplay]} slidesPerView={1} spaceBetween={12} autoplay={{ delay: 4000, disableOnInteraction: false }}>
            {featured.slice(0, 8).map((product) => (
              <SwiperSlide key={product.id}>
                <ProductCard product={product} />
              </SwiperSlide>
            ))}
          </Swiper>
        </Box>
      )}
      <Box sx={{ display: 'grid', gap: 2 }} data-testid="sidebar-banners">
        {(banners ?? []).slice(0, 2).map((banner, i) => (
          <BannerImage key={banner.id} banner={banner} width={600} height={300} alt={banner.subCatName ?? banner.catName ?? `Offer ${i + 1}`} />
        ))}
      </Box>
    </>
  );
}
