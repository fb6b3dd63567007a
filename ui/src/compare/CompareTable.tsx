import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '../api/types.ts';
import { brand } from '../shared/theme.ts';
import { inStock, rupees } from '../shared/format.ts';
import { productPath } from '../shared/links.ts';
import type { CompareItem } from '../shared/compareList.ts';

/** One compared product: its catalog copy once loaded, or why there is none. */
export interface CompareColumn {
  item: CompareItem;
  product: Product | undefined;
  state: 'loading' | 'ready' | 'gone';
}

const options = (values: readonly string[]) => (values.length ? values.join(', ') : '—');

// Price and stock are drawn here rather than with the cards' Price and StockBadge: sharing those
// with this lazily loaded table would split them into a chunk of their own on the listing pages.
function PriceCell({ product }: { product: Product }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
      {product.oldPrice > product.price && (
        <Box component="s" sx={{ color: 'text.secondary', fontSize: 13 }}>
          {rupees(product.oldPrice)}
        </Box>
      )}
      <Box component="strong" sx={{ color: brand.red, fontSize: 16 }}>
        {rupees(product.price)}
      </Box>
    </Box>
  );
}

function StockCell({ countInStock }: { countInStock: number }) {
  const available = inStock(countInStock);
  return (
    <Box component="span" sx={{ fontWeight: 700, color: available ? brand.green : brand.red }}>
      {available ? 'In Stock' : 'Out of Stock'}
    </Box>
  );
}

/** The rows of the table, top to bottom (the product fields a shopper weighs). */
const ROWS: { label: string; cell: (p: Product) => ReactNode }[] = [
  { label: 'Brand', cell: (p) => p.brand },
  { label: 'Price', cell: (p) => <PriceCell product={p} /> },
  {
    label: 'Rating',
    cell: (p) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <Rating value={Number(p.rating) || 0} precision={0.5} readOnly size="small" aria-label={`Rated ${p.rating} out of 5`} />
        <span>{p.rating}</span>
      </Box>
    ),
  },
  { label: 'Stock', cell: (p) => <StockCell countInStock={p.countInStock} /> },
  { label: 'RAM', cell: (p) => options(p.productRam) },
  { label: 'Size', cell: (p) => options(p.size) },
  { label: 'Weight', cell: (p) => options(p.productWeight) },
];

function Missing({ state }: { state: CompareColumn['state'] }) {
  return state === 'loading' ? <Skeleton width="70%" /> : <Box sx={{ color: 'text.secondary' }}>—</Box>;
}

/**
 * Products side by side: one column per product, one row per field (image, name, brand, price,
 * rating, stock, RAM, size, weight), and a remove button under each. Scrolls sideways on phones.
 */
export function CompareTable({ columns, onRemove }: { columns: CompareColumn[]; onRemove: (item: CompareItem) => void }) {
  return (
    <Box
      role="region"
      aria-label="Compared products"
      tabIndex={0}
      sx={{ overflowX: 'auto', bgcolor: '#fff', border: `1px solid ${brand.line}`, borderRadius: 4, '&:focus-visible': { outline: `2px solid ${brand.indigo}` } }}
    >
      <Box
        component="table"
        data-testid="compare-table"
        sx={{
          width: '100%',
          minWidth: { xs: 96 + columns.length * 170, md: 160 + columns.length * 170 },
          borderCollapse: 'collapse',
          tableLayout: 'fixed',
          fontSize: 14,
          '& th, & td': { borderBottom: `1px solid ${brand.line}`, p: 1.5, textAlign: 'left', verticalAlign: 'top' },
          // The field names stay in view while a phone scrolls the products sideways.
          '& th[scope="row"]': { position: 'sticky', left: 0, zIndex: 1, bgcolor: '#f8f9fd', fontWeight: 700, color: brand.ink },
          '& tr:last-of-type > *': { borderBottom: 0 },
        }}
      >
        <caption className="visually-hidden">Products compared side by side</caption>
        <colgroup>
          <Box component="col" sx={{ width: { xs: 96, md: 160 } }} />
          {columns.map(({ item }) => (
            <col key={item.id} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <td aria-hidden="true" />
            {columns.map(({ item, product }) => (
              <th key={item.id} scope="col" data-testid="compare-product" data-product-id={item.id}>
                <Box component={Link} to={productPath(item.id)} sx={{ display: 'block', color: brand.ink, textDecoration: 'none', '&:hover': { color: brand.indigo } }}>
                  <Box component="img" src={product?.images[0] ?? item.image} alt="" width={160} height={160} loading="lazy" sx={{ display: 'block', width: '100%', maxWidth: 160, height: 'auto', aspectRatio: '1', objectFit: 'contain', mb: 1 }} />
                  <Box component="span" sx={{ fontWeight: 700, display: 'block' }} data-testid="compare-name">
                    {product?.name ?? item.name}
                  </Box>
                </Box>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row.label} data-testid={`compare-row-${row.label.toLowerCase()}`}>
              <th scope="row">{row.label}</th>
              {columns.map(({ item, product, state }) => (
                <td key={item.id}>{product ? row.cell(product) : <Missing state={state} />}</td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">
              <span className="visually-hidden">Remove</span>
            </th>
            {columns.map(({ item, product, state }) => (
              <td key={item.id}>
                {state === 'gone' && <Box sx={{ color: 'text.secondary', mb: 1 }}>No longer available</Box>}
                <Button variant="outlined" size="small" color="error" startIcon={<CloseIcon />} onClick={() => onRemove(item)} aria-label={`Remove ${product?.name ?? item.name} from compare`} data-testid="compare-remove">
                  Remove
                </Button>
              </td>
            ))}
          </tr>
        </tbody>
      </Box>
    </Box>
  );
}
