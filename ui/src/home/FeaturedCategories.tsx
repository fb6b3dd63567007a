import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { Link } from 'react-router';
import { Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import { useGetCategoriesQuery } from '../api/shopApi.ts';
import { brand } from '../app/theme.ts';
import { CATEGORY_SLIDES_PER_VIEW } from '../lib/constants.ts';
import { categoryPath } from '../lib/links.ts';
import { useIsDesktop } from '../lib/useIsDesktop.ts';
import { SectionTitle } from './SectionTitle.tsx';

/** Featured Categories: 8 per view on wide screens, coloured tiles linking to each category. */
export function FeaturedCategories() {
  const { data: categories } = useGetCategoriesQuery();
  const desktop = useIsDesktop();
  const items = categories ?? Array.from({ length: CATEGORY_SLIDES_PER_VIEW }, () => null);
  return (
    <Box component="section" aria-labelledby="featured-categories" sx={{ mt: { xs: 3, md: 5 } }} data-testid="featured-categories">
      <SectionTitle id="featured-categories" title="Featured Categories" subtitle="Find the right gift, faster." />
      <Box sx={{ '--swiper-navigation-size': '16px', '--swiper-navigation-color': brand.indigo, '& .swiper-button-disabled': { opacity: 0 } }}>
        <Swiper
          modules={[Navigation]}
          navigation={desktop}
          slidesPerView={3.3}
          spaceBetween={10}
          breakpoints={{ 576: { slidesPerView: 5, spaceBetween: 12 }, 992: { slidesPerView: CATEGORY_SLIDES_PER_VIEW, spaceBetween: 16 } }}
        >
          {items.map((cat, index) => (
            <SwiperSlide key={cat?.id ?? index}>
              {cat ? (
                <Box
                  component={Link}
                  to={categoryPath(cat.id)}
                  data-testid="category-tile"
                  sx={{
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'center',
                    justifyContent: 'center',
                    aspectRatio: '0.82',
                    gap: 1,
                    p: 1.5,
                    borderRadius: 3,
                    bgcolor: cat.color || brand.indigoLight,
                    textDecoration: 'none',
                    color: brand.ink,
                    transition: 'transform .2s, box-shadow .2s',
                    '&:hover': { transform: 'translateY(-3px)', boxShadow: '0 8px 20px rgba(20,42,102,.12)' },
                  }}
                >
                  <Box sx={{ width: '78%', aspectRatio: '1 / 1', borderRadius: '50%', overflow: 'hidden', bgcolor: 'rgba(255,255,255,.6)' }}>
                    <img src={cat.images[0]} alt="" width={120} height={120} loading="lazy" decoding="async" style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} />
                  </Box>
                  <Box component="span" sx={{ fontWeight: 700, fontSize: 13.5, textAlign: 'center', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' }}>
                    {cat.name}
                  </Box>
                </Box>
              ) : (
                <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '0.82' }} />
              )}
            </SwiperSlide>
          ))}
        </Swiper>
      </Box>
    </Box>
  );
}
