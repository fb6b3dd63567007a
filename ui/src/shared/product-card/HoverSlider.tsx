import { useEffect, useRef } from 'react';
import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';

/** The card's image slider: runs while the pointer is over the card, pauses when it leaves. */
export function HoverSlider({ images, alt, running }: { images: string[]; alt: string; running: boolean }) {
  const swiper = useRef<SwiperInstance | null>(null);
  useEffect(() => {
    const s = swiper.current;
    if (!s || s.destroyed) return;
    if (running) {
      s.slideNext();
      s.autoplay.start();
    } else s.autoplay.stop();
  }, [running]);
  return (
    <Swiper
      modules={[Autoplay]}
      onSwiper={(s) => {
        swiper.current = s;
      }}
      slidesPerView={1}
      loop
      speed={500}
      autoplay={{ delay: 1200, disableOnInteraction: false }}
      allowTouchMove={false}
      style={{ width: '100%', height: '100%' }}
    >
      {images.map((src, index) => (
        <SwiperSlide key={`${src}-${index}`}>
          <img src={src} alt={index === 0 ? alt : ''} width={400} height={400} loading="lazy" decoding="async" style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
