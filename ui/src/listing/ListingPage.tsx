import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useGetCategoriesQuery, useGetProductsQuery } from '../api/shopApi.ts';
import type { Category } from '../api/types.ts';
import { useDocumentTitle } from '../shared/documentTitle.ts';
import { brand } from '../shared/theme.ts';
import { DEFAULT_GRID_COLUMNS, type GridColumns } from '../shared/constants.ts';
import { categoryPath, subCategoryPath } from '../shared/links.ts';
import { LazySection } from '../shared/LazySection.tsx';
import { useIsDesktop } from '../shared/useIsDesktop.ts';
import { ProductGrid } from '../shared/product-card/ProductGrid.tsx';
import { useSession } from '../session/hooks.ts';
import { ALL_SUBCATEGORIES, FilterSidebar } from './FilterSidebar.tsx';
import { DEFAULT_SORT, listingQuery, SORT_OPTIONS, type ListingRoute } from './filters.ts';
import { useAddressFilters } from './useAddressFilters.ts';
import { ListingToolbar } from './ListingToolbar.tsx';

// Not in the first screen, so not in the listing's first download: the drawer serves narrow
// screens only, and the sidebar's carousel and banners (Swiper) mount when scrolled near.
const FilterDrawer = lazy(() => import('./FilterDrawer.tsx').then((m) => ({ default: m.FilterDrawer })));
const SidebarExtras = lazy(() => import('./SidebarExtras.tsx').then((m) => ({ default: m.SidebarExtras })));

/** The category a listing route belongs to, and the subcategory when the route names one. */
function resolveRoute(categories: Category[] | undefined, route: ListingRoute) {
  if (!categories) return { category: undefined, subcategory: undefined };
  if (route.kind === 'category') return { category: categories.find((c) => c.id === route.id), subcategory: undefined };
  for (const category of categories) {
    const subcategory = category.children.find((s) => s.id === route.id);
    if (subcategory) return { category, subcategory };
  }
  return { category: undefined, subcategory: undefined };
}

function ListingView({ route }: { route: ListingRoute }) {
  const [columns, setColumns] = useState<GridColumns>(DEFAULT_GRID_COLUMNS);
  const { location } = useSession();
  // Price, rating, sort and page live in the address, so back, refresh and a shared link keep them.
  const [{ price, rating, sort, page, perPage }, setFilters] = useAddressFilters(SORT_OPTIONS);
  const desktop = useIsDesktop();
  const navigate = useNavigate();
  const { data: categories } = useGetCategoriesQuery();
  const { category, subcategory } = useMemo(() => resolveRoute(categories, route), [categories, route]);

  const query = listingQuery(route, { price, rating }, page, perPage, location, sort);
  const { data, isFetching, isError } = useGetProductsQuery(query);
  const products = data?.products ?? [];
  const totalPages = data?.totalPages ?? 0;
  const title = subcategory?.name ?? category?.name ?? (categories ? 'Products' : '');
  useDocumentTitle(title || undefined);

  // (A change of filter or sort also goes back to page 1: see withFilters.)
  const toFirstPage = () => window.scrollTo({ top: 0 });
  const sidebar = () => (
    <FilterSidebar
      subcategories={category?.children ?? []}
      subCatId={subcategory?.id ?? ALL_SUBCATEGORIES}
      allLabel={category ? `All ${category.name}` : 'All'}
      onSubCat={(id) => {
        // The sort goes along to the other subcategory; its filters start afresh.
        const path = id === ALL_SUBCATEGORIES ? categoryPath(category?.id ?? route.id) : subCategoryPath(id);
        navigate(sort === DEFAULT_SORT ? path : `${path}?sort=${sort}`);
      }}
      price={price}
      onPrice={(range) => {
        setFilters({ price: range });
        toFirstPage();
      }}
      rating={rating}
      onRating={(value) => {
        setFilters({ rating: value });
        toFirstPage();
      }}
      extras={
        // Mounted (and its Swiper fetched) once the shopper scrolls towards it, not with the page:
        // on a wide screen it starts just below the fold.
        <LazySection minHeight={700} rootMargin="100px 0px">
          <SidebarExtras />
        </LazySection>
      }
    />
  );

  return (
    <Container maxWidth="xl" sx={{ pt: 3 }} data-testid="listing-page">
      <Breadcrumbs aria-label="Breadcrumb" sx={{ fontSize: 13.5, mb: 1 }}>
        <Box component={Link} to="/" sx={{ color: 'text.secondary', textDecoration: 'none' }}>
          Home
        </Box>
        {category && subcategory && (
          <Box component={Link} to={categoryPath(category.id)} sx={{ color: 'text.secondary', textDecoration: 'none' }}>
            {category.name}
          </Box>
        )}
        <Box component="span" sx={{ color: brand.ink }}>
          {title}
        </Box>
      </Breadcrumbs>
      <Typography variant="h1" sx={{ mb: 2.5, minHeight: 38 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '270px minmax(0, 1fr)', lg: '290px minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
        {/* Under 992 px the drawer holds the whole sidebar, featured carousel and banners too. */}
        {desktop ? (
          <Box component="aside">{sidebar()}</Box>
        ) : (
          <Suspense fallback={null}>
            <FilterDrawer>{sidebar()}</FilterDrawer>
          </Suspense>
        )}
        <Box sx={{ minWidth: 0, position: 'relative' }}>
          <ListingToolbar
            columns={columns}
            onColumns={setColumns}
            perPage={perPage}
            onPerPage={(n) => {
              setFilters({ perPage: n });
              toFirstPage();
            }}
            summary={totalPages > 0 ? `Page ${page} of ${totalPages}` : undefined}
            sort={sort}
            sortOptions={SORT_OPTIONS}
            onSort={(next) => {
              setFilters({ sort: next });
              toFirstPage();
            }}
          />
          {isFetching && (
            <Box sx={{ position: 'absolute', inset: '64px 0 0 0', display: 'flex', justifyContent: 'center', pt: 8, zIndex: 3, bgcolor: data ? 'rgba(245,247,251,.6)' : 'transparent' }}>
              <CircularProgress aria-label="Loading products" data-testid="listing-spinner" />
            </Box>
          )}
          {isError && <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>These products could not be loaded. Please try again.</Box>}
          {!isFetching && data && products.length === 0 && (
            <Box sx={{ py: 8, textAlign: 'center', color: 'text.secondary' }} data-testid="no-products">
              No products match these filters.
            </Box>
          )}
          <ProductGrid products={products} columns={columns} loading={!data && !isError} skeletons={perPage} />
          {totalPages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
              <Pagination
                count={totalPages}
                page={page}
                onChange={(_e, value) => {
                  // A page is a place the shopper may want back to: a history entry of its own.
                  setFilters({ page: value }, { newEntry: true });
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
                color="primary"
                shape="rounded"
                siblingCount={desktop ? 1 : 0}
                data-testid="pagination"
              />
            </Box>
          )}
        </Box>
      </Box>
    </Container>
  );
}

/**
 * /products/category/:id and /products/subCat/:id: newest first, 10 per page by default, four
 * columns; `?minPrice=&maxPrice=&rating=&sort=&page=&perPage=` keep the shopper's filters.
 */
export default function ListingPage({ kind }: { kind: ListingRoute['kind'] }) {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const route = useMemo<ListingRoute>(() => ({ kind, id }), [kind, id]);
  // A new route starts with fresh filters, page 1 and the default grid.
  return <ListingView key={pathname} route={route} />;
}
