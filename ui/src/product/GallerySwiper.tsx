import { useRef } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import type { Product } from '../api/types.ts';
import { GALLERY_THUMBNAILS } from '../shared/constants.ts';
import { pictureAlt, Thumb } from './GalleryThumb.tsx';
import css from './gallery.module.css';
import { HoverZoom } from './HoverZoom.tsx';

/** The gallery on Swiper: the main picture swipes, five thumbnails per view pick the picture. */
export default function GallerySwiper({
  product,
  images,
  active,
  onActive,
  priority,
}: {
  product: Product;
  images: string[];
  active: number;
  onActive: (index: number) => void;
  priority: boolean;
}) {
  const main = useRef<SwiperInstance | null>(null);
  return (
    <>
      <div className={css.frame}>
        <Swiper
          onSwiper={(s) => {
            main.current = s;
          }}
          initialSlide={active}
          onSlideChange={(s) => onActive(s.activeIndex)}
          slidesPerView={1}
          style={{ width: '100%' }}
        >
          {images.map((src, index) => (
            <SwiperSlide key={`${src}-${index}`}>
              <HoverZoom src={src} alt={pictureAlt(product, index)} priority={priority && index === 0} />
            </SwiperSlide>
          ))}
        </Swiper>
      </div>
      <div className={css.thumbs} role="group" aria-label="Pictures">
        <Swiper slidesPerView={GALLERY_THUMBNAILS} spaceBetween={8} watchOverflow>
          {images.map((src, index) => (
            <SwiperSlide key={`${src}-thumb-${index}`}>
              <Thumb
                src={src}
                index={index}
                active={active === index}
                onClick={() => {
                  onActive(index);
                  main.current?.slideTo(index);
                }}
              />
            </SwiperSlide>
          ))}
        </Swiper>
      </div>
    </>
  );
}
