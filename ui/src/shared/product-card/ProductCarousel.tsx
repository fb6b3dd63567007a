import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/navigation';
import type { Product } from '../../api/types.ts';
import { useIsDesktop } from '../useIsDesktop.ts';
import { CardSkeleton } from './CardSkeleton.tsx';
import { ProductCard } from './ProductCard.tsx';

export interface ProductCarouselProps {
  products: Product[] | undefined;
  loading?: boolean;
  /** Slides per view at 992 px and up (4 or 5). */
  perView?: 4 | 5;
  /** Changing it snaps the carousel back to the first slide (Popular Products tabs). */
  resetKey?: string;
  label: string;
  priority?: boolean;
}

/** A row of product cards on Swiper: 2 per view on phones, 3 on tablets, 4 or 5 on wide screens. */
export function ProductCarousel({ products, loading = false, perView = 5, resetKey, label, priority = false }: ProductCarouselProps) {
  const swiper = useRef<SwiperInstance | null>(null);
  const desktop = useIsDesktop();
  useEffect(() => {
    if (swiper.current && !swiper.current.destroyed) swiper.current.slideTo(0, 0);
  }, [resetKey]);

  const items: (Product | null)[] = loading || !products ? Array.from({ length: perView }, () => null) : products;
  if (!loading && products && products.length === 0) {
    return <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>No products here yet.</Box>;
  }
  return (
    <Box
      role="region"
      aria-label={label}
      data-testid="product-carousel"
      sx={{
        '--swiper-navigation-size': '18px',
        '--swiper-navigation-color': '#1f3c88',
        '& .swiper-button-prev, & .swiper-button-next': {
          width: 38,
          height: 38,
          borderRadius: '50%',
          bgcolor: '#fff',
          boxShadow: '0 4px 14px rgba(20,42,102,.18)',
          top: '38%',
        },
        '& .swiper-button-prev.swiper-button-disabled, & .swiper-button-next.swiper-button-disabled': { opacity: 0, pointerEvents: 'none' },
        '& .swiper-slide': { height: 'auto' },
      }}
    >
      <Swiper
        modules={[Navigation]}
        onSwiper={(s) => {
          swiper.current = s;
        }}
        navigation={desktop}
        slidesPerView={2}
        spaceBetween={10}
        breakpoints={{ 576: { slidesPerView: 3, spaceBetween: 14 }, 992: { slidesPerView: perView, spaceBetween: 16 } }}
      >
        {items.map((product, index) => (
          <SwiperSlide key={product?.id ?? `loading-${index}`}>{product ? <ProductCard product={product} priority={priority && index < perView} /> : <CardSkeleton />}</SwiperSlide>
        ))}
      </Swiper>
    </Box>
  );
}
