import Box from '@mui/material/Box';
import type { Product } from '../../api/types.ts';
import type { GridColumns } from '../constants.ts';
import { CardSkeleton } from './CardSkeleton.tsx';
import { ProductCard } from './ProductCard.tsx';

/**
 * Listing grid: the chosen 1, 3 or 4 columns at every width of 992 px and over (four by default); 2
 * on phones and 3 on tablets, where four cards would not fit.
 */
export function ProductGrid({ products, columns, loading = false, skeletons = 8 }: { products: Product[]; columns: GridColumns; loading?: boolean; skeletons?: number }) {
  const list = columns === 1;
  const template = list
    ? '1fr'
    : { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: `repeat(${columns}, minmax(0, 1fr))` };
  return (
    <Box data-testid="product-grid" data-columns={columns} sx={{ display: 'grid', gridTemplateColumns: template, gap: { xs: 1.25, md: 2 } }}>
      {loading
        ? Array.from({ length: skeletons }, (_, i) => <CardSkeleton key={i} />)
        : products.map((product, index) => <ProductCard key={product.id} product={product} layout={list ? 'list' : 'grid'} priority={index < columns} />)}
    </Box>
  );
}
