import { lazy, Suspense } from 'react';
import { useGetBannersQuery } from '../api/shopApi.ts';
import { Img } from '../shared/Img.tsx';
import { useAfterFirstPaint } from '../shared/useAfterFirstPaint.ts';
import { BannerImage } from '../shared/BannerImage.tsx';
import { HOME_BANNER, bannerAlt } from './bannerGeometry.ts';
import css from './home.module.css';

const BannerSwiper = lazy(() => import('./BannerSwiper.tsx'));

/**
 * Home banners: the first banner paints at once as a plain picture; right after the first paint
 * the Swiper carousel (BannerSwiper) takes its place showing that same slide, so nothing moves.
 * A placeholder picture when there are no banners.
 */
export function HomeBannerSlider() {
  const { data: banners, isLoading } = useGetBannersQuery('home');
  const upgraded = useAfterFirstPaint();

  if (isLoading) return <div className={css.banner} data-testid="home-banner" aria-busy="true" />;
  const first = banners?.[0];
  if (!banners || !first) {
    return (
      <div className={css.banner} data-testid="home-banner">
        <Img src="/banner-placeholder.svg" alt="New Year Sale — up to 50% off" width={HOME_BANNER.width} height={HOME_BANNER.height} priority />
      </div>
    );
  }
  const still = <BannerImage banner={first} width={HOME_BANNER.width} height={HOME_BANNER.height} priority alt={bannerAlt(first, 0)} />;
  const carousel = upgraded && banners.length > 1;
  return (
    <div className={css.banner} data-testid="home-banner" data-carousel={carousel ? 'swiper' : 'still'} role="region" aria-label="Offers">
      {carousel ? (
        <Suspense fallback={still}>
          <BannerSwiper banners={banners} />
        </Suspense>
      ) : (
        still
      )}
    </div>
  );
}
