import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Link } from 'react-router';
import { useGetBannersQuery, useGetCategoriesQuery, useGetFeaturedProductsQuery, useGetProductsQuery } from '../api/shopApi.ts';
import { HOME_FIRST_PAGE_SIZE } from '../shared/constants.ts';
import { categoryPath } from '../shared/links.ts';
import { ProductCarousel } from '../shared/product-card/ProductCarousel.tsx';
import { useSession } from '../session/hooks.ts';
import { BannerStrip } from '../shared/BannerImage.tsx';
import { PopularProducts } from './PopularProducts.tsx';
import { SectionTitle } from '../shared/SectionTitle.tsx';

export function NewProducts() {
  const { location } = useSession();
  const { data } = useGetProductsQuery({ page: 1, perPage: HOME_FIRST_PAGE_SIZE, location });
  const { data: middle } = useGetBannersQuery('middle');
  return (
    <Box component="section" aria-labelledby="new-products" data-testid="new-products" sx={{ mb: 5 }}>
      <SectionTitle id="new-products" title="New Products" subtitle="New arrivals, fresh every week." />
      <ProductCarousel products={data?.products} loading={!data} perView={4} label="New products" />
      <BannerStrip banners={middle} label="Offers" testId="middle-banners" />
    </Box>
  );
}

export function FeaturedProducts() {
  const { location } = useSession();
  const { data } = useGetFeaturedProductsQuery(location);
  const { data: bottom } = useGetBannersQuery('bottom');
  return (
    <Box component="section" aria-labelledby="featured-products" data-testid="featured-products" sx={{ mb: 5 }}>
      <SectionTitle id="featured-products" title="Featured Products" subtitle="Hand-picked by our team." />
      <ProductCarousel products={data} loading={!data} perView={4} label="Featured products" />
      <BannerStrip banners={bottom} label="More offers" testId="bottom-banners" />
    </Box>
  );
}

/** One category picked at random when home loads, with View All to its listing. */
export function RandomCategory({ pick }: { pick: number }) {
  const { data: categories } = useGetCategoriesQuery();
  const { location } = useSession();
  const category = categories?.length ? categories[Math.floor(pick * categories.length)] : undefined;
  const { data } = useGetProductsQuery({ catId: category?.id, page: 1, perPage: 10, location }, { skip: !category });
  if (categories && categories.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="random-category" data-testid="random-category" sx={{ mb: 2 }}>
      <SectionTitle
        id="random-category"
        title={category?.name ?? 'More to explore'}
        subtitle="Picked for you today."
        action={
          category && (
            <Button component={Link} to={categoryPath(category.id)} variant="outlined" sx={{ flexShrink: 0 }}>
              View All
            </Button>
          )
        }
      />
      <ProductCarousel products={data?.products} loading={!data} perView={4} label={category ? `${category.name} products` : 'Products'} />
    </Box>
  );
}

const SECTIONS = { popular: PopularProducts, new: NewProducts, featured: FeaturedProducts } as const;

/** The home product rows (their own chunk: none of them is above the fold). */
export default function ProductRow({ section, pick = 0 }: { section: keyof typeof SECTIONS | 'random'; pick?: number }) {
  const [randomPick] = useState(pick);
  if (section === 'random') return <RandomCategory pick={randomPick} />;
  const Section = SECTIONS[section];
  return <Section />;
}
