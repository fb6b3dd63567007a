import Box from '@mui/material/Box';
import { useRef, useState } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import type { Product } from '../api/types.ts';
import { brand } from '../app/theme.ts';
import { GALLERY_THUMBNAILS } from '../lib/constants.ts';
import { DiscountBadge } from '../product-card/Badges.tsx';
import { HoverZoom } from './HoverZoom.tsx';

/** The product gallery: main picture with hover zoom and discount badge, five thumbnails below. */
export function Gallery({ product, priority = false }: { product: Product; priority?: boolean }) {
  const images = product.images.length ? product.images : ['/banner-placeholder.svg'];
  const main = useRef<SwiperInstance | null>(null);
  const [active, setActive] = useState(0);

  const show = (index: number) => {
    setActive(index);
    main.current?.slideTo(index);
  };

  return (
    <Box data-testid="gallery">
      <Box sx={{ position: 'relative', borderRadius: 3, overflow: 'hidden', border: `1px solid ${brand.line}` }}>
        <Box sx={{ position: 'absolute', top: 12, left: 12, zIndex: 3, pointerEvents: 'none' }}>
          <DiscountBadge product={product} />
        </Box>
        <Swiper
          onSwiper={(s) => {
            main.current = s;
          }}
          onSlideChange={(s) => setActive(s.activeIndex)}
          slidesPerView={1}
          allowTouchMove
          style={{ width: '100%' }}
        >
          {images.map((src, index) => (
            <SwiperSlide key={`${src}-${index}`}>
              <HoverZoom src={src} alt={index === 0 ? product.name : `${product.name}, picture ${index + 1}`} priority={priority && index === 0} />
            </SwiperSlide>
          ))}
        </Swiper>
      </Box>
      <Box sx={{ mt: 1.5 }} role="group" aria-label="Pictures">
        <Swiper slidesPerView={GALLERY_THUMBNAILS} spaceBetween={8} watchOverflow>
          {images.map((src, index) => (
            <SwiperSlide key={`${src}-thumb-${index}`}>
              <Box
                component="button"
                type="button"
                onClick={() => show(index)}
                aria-label={`Show picture ${index + 1}`}
                aria-current={active === index}
                data-testid="gallery-thumb"
                sx={{
                  display: 'block',
                  width: '100%',
                  p: 0,
                  border: `2px solid ${active === index ? brand.indigo : brand.line}`,
                  borderRadius: 2,
                  overflow: 'hidden',
                  cursor: 'pointer',
                  bgcolor: '#f1f4fa',
                  opacity: active === index ? 1 : 0.75,
                  transition: 'opacity .2s, border-color .2s',
                  '&:hover': { opacity: 1 },
                }}
              >
                <img src={src} alt="" width={120} height={120} loading="lazy" decoding="async" style={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '1 / 1', objectFit: 'cover' }} />
              </Box>
            </SwiperSlide>
          ))}
        </Swiper>
      </Box>
    </Box>
  );
}
