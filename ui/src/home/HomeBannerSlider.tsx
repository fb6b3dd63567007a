import Box from '@mui/material/Box';
import { Autoplay, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import { useGetBannersQuery } from '../api/shopApi.ts';
import { BANNER_SLIDER } from '../lib/constants.ts';
import { Img } from '../lib/Img.tsx';
import { useIsDesktop } from '../lib/useIsDesktop.ts';
import { BannerImage } from './BannerImage.tsx';

export const HOME_BANNER = { width: 1200, height: 400 } as const;

/**
 * The home banner carousel (spec §2): first image of each banner at full width, one per view,
 * 15 px apart, endless loop, 500 ms slides, autoplay every 3500 ms that keeps going after the
 * shopper touches it, arrows only above 992 px. A placeholder when there are no banners.
 */
export function HomeBannerSlider() {
  const { data: banners, isLoading } = useGetBannersQuery('home');
  const desktop = useIsDesktop();
  const frame = { borderRadius: { xs: 2, md: 4 }, overflow: 'hidden', aspectRatio: `${HOME_BANNER.width} / ${HOME_BANNER.height}`, bgcolor: '#e9edf6' } as const;

  if (isLoading) return <Box sx={frame} data-testid="home-banner" aria-busy="true" />;
  if (!banners || banners.length === 0) {
    return (
      <Box sx={frame} data-testid="home-banner">
        <Img src="/banner-placeholder.svg" alt="New Year Sale — up to 50% off" width={HOME_BANNER.width} height={HOME_BANNER.height} priority />
      </Box>
    );
  }
  return (
    <Box
      sx={{
        ...frame,
        '--swiper-navigation-color': '#fff',
        '--swiper-navigation-size': '20px',
        '& .swiper-button-prev, & .swiper-button-next': { width: 44, height: 44, borderRadius: '50%', bgcolor: 'rgba(20,42,102,.45)', backdropFilter: 'blur(4px)' },
      }}
      data-testid="home-banner"
      role="region"
      aria-label="Offers"
    >
      <Swiper
        modules={[Autoplay, Navigation]}
        slidesPerView={BANNER_SLIDER.slidesPerView}
        spaceBetween={BANNER_SLIDER.spaceBetween}
        loop={banners.length > 1}
        speed={BANNER_SLIDER.speed}
        autoplay={{ delay: BANNER_SLIDER.autoplayDelay, disableOnInteraction: false }}
        navigation={desktop}
        style={{ height: '100%' }}
      >
        {banners.map((banner, index) => (
          <SwiperSlide key={banner.id}>
            <BannerImage banner={banner} width={HOME_BANNER.width} height={HOME_BANNER.height} priority={index === 0} alt={banner.subCatName ?? banner.catName ?? `Offer ${index + 1}`} />
          </SwiperSlide>
        ))}
      </Swiper>
    </Box>
  );
}
