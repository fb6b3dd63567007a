import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useGetProductQuery, useGetProductsQuery } from '../api/shopApi.ts';
import { useGetReviewsQuery } from './reviewsApi.ts';
import { useDocumentTitle } from '../shared/documentTitle.ts';
import { brand } from '../shared/theme.ts';
import { SectionTitle } from '../shared/SectionTitle.tsx';
import { RELATED_PER_VIEW } from '../shared/constants.ts';
import { LazySection } from '../shared/LazySection.tsx';
import { categoryPath, subCategoryPath } from '../shared/links.ts';
import { useSession } from '../session/hooks.ts';
import { ProductDetailBody } from './ProductDetailBody.tsx';
import { readRecentlyViewed, rememberViewed } from './recentlyViewed.ts';

// Below the fold: the tabs (MUI Tabs) and the product rows (Swiper, product cards) load their code
// when scrolled near, not with the page, whose first screen is the gallery and the buying box.
// Near is closer than LazySection's default: on a wide screen the rows start just below the fold.
const NEAR = '100px 0px';
const ProductTabs = lazy(() => import('./ProductTabs.tsx').then((m) => ({ default: m.ProductTabs })));
const ProductCarousel = lazy(() => import('../shared/product-card/ProductCarousel.tsx').then((m) => ({ default: m.ProductCarousel })));
const RecentlyViewed = lazy(() => import('./RecentlyViewed.tsx').then((m) => ({ default: m.RecentlyViewed })));

function DetailSkeleton() {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, gap: { xs: 3, md: 5 } }} aria-busy="true">
      <Box>
        <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }} />
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 1, mt: 1.5 }}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} variant="rounded" sx={{ height: 'auto', aspectRatio: '1 / 1' }} />
          ))}
        </Box>
      </Box>
      <Box>
        <Skeleton height={48} width="80%" />
        <Skeleton height={24} width="50%" />
        <Skeleton height={44} width="40%" />
        <Skeleton height={110} />
        <Skeleton height={56} width="60%" />
      </Box>
    </Box>
  );
}

function ProductView({ id }: { id: string }) {
  const { location } = useSession();
  const { data: product, isError } = useGetProductQuery(id);
  const reviewsQuery = useGetReviewsQuery(id);
  const [tab, setTab] = useState(0);
  // Read before remembering this one, so the row shows what came before it.
  const [recent] = useState(() => readRecentlyViewed().filter((other) => other !== id));
  const { data: related } = useGetProductsQuery({ subCatId: product?.subCatId, page: 1, perPage: 12, location }, { skip: !product?.subCatId });
  useDocumentTitle(product?.name ?? (isError ? 'Product not found' : undefined));

  useEffect(() => {
    if (product) rememberViewed(product.id);
  }, [product]);

  if (isError) {
    return (
      <Box sx={{ textAlign: 'center', py: 10 }}>
        <Typography variant="h2" component="h1">This product could not be found</Typography>
        <Button component={Link} to="/" variant="contained" sx={{ mt: 3 }}>
          Continue Shopping
        </Button>
      </Box>
    );
  }

  const reviews = reviewsQuery.isSuccess && Array.isArray(reviewsQuery.data) ? reviewsQuery.data : [];
  const reviewCount = reviewsQuery.isSuccess ? reviews.length : (product?.numReviews ?? 0);
  const relatedProducts = related?.products.filter((p) => p.id !== id);

  return (
    <>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ fontSize: 13.5, mb: 2, minHeight: 21 }}>
        <Box component={Link} to="/" sx={{ color: 'text.secondary', textDecoration: 'none' }}>
          Home
        </Box>
        {product && (
          <Box component={Link} to={categoryPath(product.catId)} sx={{ color: 'text.secondary', textDecoration: 'none' }}>
            {product.catName}
          </Box>
        )}
        {product?.subCatId && (
          <Box component={Link} to={subCategoryPath(product.subCatId)} sx={{ color: 'text.secondary', textDecoration: 'none' }}>
            {product.subCatName}
          </Box>
        )}
      </Breadcrumbs>
      <Box sx={{ bgcolor: '#fff', border: `1px solid ${brand.line}`, borderRadius: 4, p: { xs: 2, md: 4 } }}>
        {product ? (
          <ProductDetailBody
            product={product}
            reviewCount={reviewCount}
            priority
            onReviewsClick={() => {
              setTab(2);
              requestAnimationFrame(() => document.getElementById('product-tabs-anchor')?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
            }}
          />
        ) : (
          <DetailSkeleton />
        )}
      </Box>
      {product && (
        // The tabs sit below the fold: they mount as they come near (or when the review count is clicked).
        <div id="product-tabs-anchor" style={{ scrollMarginTop: 140 }}>
          <LazySection minHeight={320} rootMargin={NEAR}>
            <ProductTabs product={product} tab={tab} onTab={setTab} reviews={reviews} reviewsLoading={reviewsQuery.isLoading} />
          </LazySection>
        </div>
      )}
      {product && (
        <LazySection minHeight={520} rootMargin={NEAR}>
          <Box component="section" aria-labelledby="related-products" sx={{ mt: 5 }} data-testid="related-products">
            <SectionTitle id="related-products" title="Related Products" subtitle={`More from ${product.subCatName || product.catName}`} />
            <ProductCarousel products={relatedProducts} loading={!related} perView={RELATED_PER_VIEW} label="Related products" />
          </Box>
        </LazySection>
      )}
      {recent.length > 0 && (
        <LazySection minHeight={520} rootMargin={NEAR}>
          <Box component="section" aria-labelledby="recently-viewed" sx={{ mt: 5 }}>
            <SectionTitle id="recently-viewed" title="Recently Viewed" />
            <RecentlyViewed ids={recent} />
          </Box>
        </LazySection>
      )}
    </>
  );
}

/** /product/:id — gallery, buying box, tabs, related and recently viewed products. */
export default function ProductPage() {
  const { id = '' } = useParams();
  return (
    <Container maxWidth="xl" sx={{ pt: 3 }} data-testid="product-page">
      <ProductView key={id} id={id} />
    </Container>
  );
}
