import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSearchResultPagesInfiniteQuery } from '../api/shopApi.ts';
import { searchPath } from '../shared/links.ts';
import { DEFAULT_GRID_COLUMNS, type GridColumns } from '../shared/constants.ts';
import { useIsDesktop } from '../shared/useIsDesktop.ts';
import { FilterDrawer } from './FilterDrawer.tsx';
import { ALL_SUBCATEGORIES, FilterSidebar } from './FilterSidebar.tsx';
import { applyFilters, SEARCH_SORT_OPTIONS, sortProducts, subcategoriesOf } from './filters.ts';
import { useAddressFilters } from './useAddressFilters.ts';
import { ListingToolbar } from './ListingToolbar.tsx';
import { ProductGrid } from '../shared/product-card/ProductGrid.tsx';
import { useSession } from '../session/hooks.ts';

/** Results per page (the API's maximum); "Load more" adds the next page. */
const SEARCH_PAGE = 60;

function SearchResults({ q }: { q: string }) {
  const { location } = useSession();
  const desktop = useIsDesktop();
  const [columns, setColumns] = useState<GridColumns>(DEFAULT_GRID_COLUMNS);
  // Subcategory, price, rating and sort live in the address (?subCat=&minPrice=&maxPrice=&rating=&sort=), so back and refresh keep them.
  const [filters, setFilters] = useAddressFilters(SEARCH_SORT_OPTIONS);
  const { subCatId, price, rating, sort } = filters;
  // Results show as soon as they arrive (the original waited 3 s on purpose; see README).
  const results = useSearchResultPagesInfiniteQuery({ q, location, perPage: SEARCH_PAGE }, { skip: !q });
  const { isFetching, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = results;
  // The first page carries the total, "Did you mean" and the fallback.
  const data = results.data?.pages[0];
  const all = useMemo(() => {
    // A product that moved between pages (the catalog changed in between) is shown once.
    const seen = new Set<string>();
    return (results.data?.pages ?? []).flatMap((page) => page.products).filter((p) => !seen.has(p.id) && seen.add(p.id));
  }, [results.data]);
  const fallback = data && data.products.length === 0 ? data.fallback : null;
  const subcategories = useMemo(() => subcategoriesOf(all), [all]);
  // Filtered and sorted here, among the results loaded so far ("Load more" adds the next best).
  const shown = useMemo(() => sortProducts(applyFilters(all, { subCatId, price, rating }), sort), [all, subCatId, price, rating, sort]);

  const sidebar = (
    <FilterSidebar
      subcategories={subcategories}
      subCatId={subCatId ?? ALL_SUBCATEGORIES}
      allLabel="All results"
      onSubCat={(id) => setFilters({ subCatId: id === ALL_SUBCATEGORIES ? null : id })}
      price={price}
      onPrice={(range) => setFilters({ price: range })}
      rating={rating}
      onRating={(value) => setFilters({ rating: value })}
    />
  );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '270px minmax(0, 1fr)', lg: '290px minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
      {desktop ? <Box component="aside">{sidebar}</Box> : <FilterDrawer>{sidebar}</FilterDrawer>}
      <Box sx={{ minWidth: 0 }}>
        <ListingToolbar
          columns={columns}
          onColumns={setColumns}
          sort={sort}
          sortOptions={SEARCH_SORT_OPTIONS}
          onSort={(next) => setFilters({ sort: next })}
          summary={data ? `${shown.length} of ${data.total > all.length ? `${all.length} best of ${data.total}` : all.length} products` : undefined}
        />
        {isFetching && !data && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Searching" />
          </Box>
        )}
        {isError && <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>Search is unavailable right now. Please try again.</Box>}
        {data && data.didYouMean.length > 0 && (
          <Box sx={{ py: 1.5, fontSize: 16 }} data-testid="did-you-mean">
            Did you mean{' '}
            {data.didYouMean.map((alternative, i) => (
              <span key={alternative}>
                {i > 0 && ', '}
                <Link to={searchPath(alternative)} style={{ fontWeight: 600 }}>
                  {alternative}
                </Link>
              </span>
            ))}
            ?
          </Box>
        )}
        {data && shown.length === 0 && (
          <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="no-results">
            No products found for “{q}”.
          </Box>
        )}
        {fallback && fallback.products.length > 0 && (
          <Box data-testid="fallback-products">
            <Typography variant="h2" sx={{ fontSize: 20, mb: 2 }}>
              Popular {fallback.catName ? `in ${fallback.catName}` : 'products'}
            </Typography>
            <ProductGrid products={fallback.products} columns={columns} />
          </Box>
        )}
        <ProductGrid products={shown} columns={columns} />
        {hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <Button variant="outlined" data-testid="load-more" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}

/** /search?q= — the search results with client-side filters and sort, kept in the address; an empty query does nothing. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  return (
    <Container maxWidth="xl" sx={{ pt: 3 }} data-testid="search-page">
      <Typography variant="h1" sx={{ mb: 2.5 }}>
        {q ? (
          <>
            Results for “<span data-testid="search-query">{q}</span>”
          </>
        ) : (
          'Search'
        )}
      </Typography>
      {q ? <SearchResults key={q} q={q} /> : <Typography color="text.secondary">Type what you are looking for in the search box above.</Typography>}
    </Container>
  );
}
