import { Autoplay, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import type { Banner } from '../api/types.ts';
import { BANNER_SLIDER } from '../shared/constants.ts';
import { useIsDesktop } from '../shared/useIsDesktop.ts';
import { BannerImage } from '../shared/BannerImage.tsx';
import { HOME_BANNER, bannerAlt } from './bannerGeometry.ts';

/**
 * The home banner carousel: one per view, 15 px apart, endless loop, 500 ms slides,
 * autoplay every 3500 ms that keeps going after the shopper touches it, arrows only above 992 px.
 */
export default function BannerSwiper({ banners }: { banners: Banner[] }) {
  const desktop = useIsDesktop();
  return (
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
          <BannerImage banner={banner} width={HOME_BANNER.width} height={HOME_BANNER.height} priority={index === 0} alt={bannerAlt(banner, index)} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
