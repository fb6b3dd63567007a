import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useGetCategoriesQuery, useGetFeaturedProductsQuery, useGetProductsQuery } from '../api/shopApi.ts';
import { ProductCarousel } from '../shared/product-card/ProductCarousel.tsx';
import { useSession } from '../session/hooks.ts';
import { SectionTitle } from '../shared/SectionTitle.tsx';

const TAB_PAGE_SIZE = 12;

/**
 * Popular Products: the featured products first, with no tab chosen; a tab loads that
 * category's products and rewinds the carousel.
 */
export function PopularProducts() {
  const { data: categories = [] } = useGetCategoriesQuery();
  const { location } = useSession();
  const [tab, setTab] = useState<number | null>(null);
  const catId = tab === null ? undefined : categories[tab]?.id;
  const featured = useGetFeaturedProductsQuery(location, { skip: catId !== undefined });
  const category = useGetProductsQuery({ catId, page: 1, perPage: TAB_PAGE_SIZE, location }, { skip: !catId });
  const products = catId ? category.data?.products : featured.data;
  const loading = catId ? !category.data || category.isFetching : !featured.data;
  return (
    <Box component="section" aria-labelledby="popular-products" data-testid="popular-products" data-showing={catId ?? 'featured'} sx={{ mb: 5 }}>
      <SectionTitle
        id="popular-products"
        title="Popular Products"
        subtitle="Do not miss the current offers until the end of the month."
        action={
          <Tabs
            value={tab !== null && categories.length ? Math.min(tab, categories.length - 1) : false}
            onChange={(_e, value: number) => setTab(value)}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label="Product categories"
            sx={{ maxWidth: { xs: '100%', md: '62%' }, minHeight: 40 }}
          >
            {categories.map((cat) => (
              <Tab key={cat.id} label={cat.name} sx={{ minHeight: 40, px: 1.5 }} />
            ))}
          </Tabs>
        }
      />
      <ProductCarousel products={products} loading={loading} perView={4} resetKey={catId ?? 'featured'} label="Popular products" />
    </Box>
  );
}
