import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useGetBannersQuery, useGetCategoriesQuery, useGetFeaturedProductsQuery, useGetProductsQuery } from '../api/shopApi.ts';
import { HOME_FIRST_PAGE_SIZE } from '../lib/constants.ts';
import { categoryPath } from '../lib/links.ts';
import { ProductCarousel } from '../product-card/ProductCarousel.tsx';
import { useSession } from '../session/hooks.ts';
import { BannerImage, BannerStrip } from './BannerImage.tsx';
import { FeaturedCategories } from './FeaturedCategories.tsx';
import { HomeBannerSlider } from './HomeBannerSlider.tsx';
import { PopularProducts } from './PopularProducts.tsx';
import { SectionTitle } from './SectionTitle.tsx';

/** Left column of the product area: the side banners, sticky under the fixed header. */
function SideBanners() {
  const { data: banners } = useGetBannersQuery('side');
  return (
    <Box component="aside" aria-label="Offers" data-testid="side-banners" sx={{ display: { xs: 'none', md: 'flex' }, flexDirection: 'column', gap: 2, position: 'sticky', top: 140 }}>
      {(banners ?? []).map((banner, i) => (
        <BannerImage key={banner.id} banner={banner} width={600} height={300} alt={banner.subCatName ?? banner.catName ?? `Offer ${i + 1}`} />
      ))}
    </Box>
  );
}

function NewProducts() {
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

function FeaturedProducts() {
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
function RandomCategory() {
  const { data: categories } = useGetCategoriesQuery();
  const [pick] = useState(Math.random);
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

/** Home (spec §2): banners, categories, then product rows beside the side banners. */
export default function HomePage() {
  // Block body: scrollTo returns a promise in newer browsers, and an effect must return nothing.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <Container maxWidth="xl" sx={{ pt: { xs: 2, md: 3 } }} data-testid="home-page">
      <HomeBannerSlider />
      <FeaturedCategories />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)', lg: '290px minmax(0, 1fr)' }, gap: { md: 3 }, mt: { xs: 3, md: 5 }, alignItems: 'start' }}>
        <SideBanners />
        <Box sx={{ minWidth: 0 }}>
          <PopularProducts />
          <NewProducts />
          <FeaturedProducts />
          <RandomCategory />
        </Box>
      </Box>
    </Container>
  );
}
