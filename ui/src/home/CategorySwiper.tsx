import { Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import type { Category } from '../api/types.ts';
import { useIsDesktop } from '../shared/useIsDesktop.ts';
import { CATEGORY_LAYOUT, CategoryTile } from './CategoryTile.tsx';

/** Featured Categories on Swiper: 8 per view at 992 px and up, 5 on tablets, 3.3 on phones. */
export default function CategorySwiper({ categories }: { categories: Category[] }) {
  const desktop = useIsDesktop();
  return (
    <Swiper
      modules={[Navigation]}
      navigation={desktop}
      slidesPerView={CATEGORY_LAYOUT.xs.perView}
      spaceBetween={CATEGORY_LAYOUT.xs.gap}
      breakpoints={{
        576: { slidesPerView: CATEGORY_LAYOUT.sm.perView, spaceBetween: CATEGORY_LAYOUT.sm.gap },
        992: { slidesPerView: CATEGORY_LAYOUT.md.perView, spaceBetween: CATEGORY_LAYOUT.md.gap },
      }}
    >
      {categories.map((category) => (
        <SwiperSlide key={category.id}>
          <CategoryTile category={category} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
