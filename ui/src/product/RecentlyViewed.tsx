import Box from '@mui/material/Box';
import { Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import { useGetProductQuery } from '../api/shopApi.ts';
import { brand } from '../shared/theme.ts';
import { RELATED_PER_VIEW } from '../shared/constants.ts';
import { useIsDesktop } from '../shared/useIsDesktop.ts';
import { CardSkeleton } from '../shared/product-card/CardSkeleton.tsx';
import { ProductCard } from '../shared/product-card/ProductCard.tsx';

function ViewedCard({ id }: { id: string }) {
  const { data, isError } = useGetProductQuery(id);
  if (isError) return null;
  return data ? <ProductCard product={data} /> : <CardSkeleton />;
}

/** Products this browser viewed before (ids kept in localStorage), newest first. */
export function RecentlyViewed({ ids }: { ids: string[] }) {
  const desktop = useIsDesktop();
  if (ids.length === 0) return null;
  return (
    <Box sx={{ '--swiper-navigation-size': '18px', '--swiper-navigation-color': brand.indigo, '& .swiper-slide': { height: 'auto' }, '& .swiper-button-prev.swiper-button-disabled, & .swiper-button-next.swiper-button-disabled': { opacity: 0, pointerEvents: 'none' } }} data-testid="recently-viewed">
      <Swiper modules={[Navigation]} navigation={desktop} slidesPerView={2} spaceBetween={10} breakpoints={{ 576: { slidesPerView: 3, spaceBetween: 14 }, 992: { slidesPerView: RELATED_PER_VIEW, spaceBetween: 16 } }}>
        {ids.map((id) => (
          <SwiperSlide key={id}>
            <ViewedCard id={id} />
          </SwiperSlide>
        ))}
      </Swiper>
    </Box>
  );
}
