import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, Suspense } from 'react';
import type { Product, Review } from '../api/types.ts';
import { brand } from '../shared/theme.ts';
import { FREE_DELIVERY_OVER } from '../shared/constants.ts';

// The review form (MUI TextField and its select/menu/modal code) loads when the Reviews tab opens:
// it is never on the first screen, and it is the largest part of the product page's code.
const Reviews = lazy(() => import('./Reviews.tsx').then((m) => ({ default: m.Reviews })));

/**
 * The Additional info tab: one fixed table of the shop's terms, the same for every product. Only
 * what the shop does: no gift wrap, returns desk, packaging or reply-time promises, since nothing
 * offers them.
 */
export const ADDITIONAL_INFO: [string, string][] = [
  ['Delivery', `Free on orders over Rs ${FREE_DELIVERY_OVER}`],
  ['Warranty', 'As per manufacturer, where applicable'],
  ['Payment', 'Cards, processed securely'],
  ['Country of sale', 'India (prices in INR, inclusive of taxes)'],
];

export function ProductTabs({ product, tab, onTab, reviews, reviewsLoading }: { product: Product; tab: number; onTab: (tab: number) => void; reviews: Review[]; reviewsLoading: boolean }) {
  return (
    <Box sx={{ bgcolor: '#fff', border: `1px solid ${brand.line}`, borderRadius: 3, mt: 4 }} id="product-tabs" data-testid="product-tabs">
      <Tabs value={tab} onChange={(_e, value: number) => onTab(value)} variant="scrollable" scrollButtons={false} aria-label="Product information" sx={{ borderBottom: `1px solid ${brand.line}`, px: 1 }}>
        <Tab label="Description" id="tab-0" aria-controls="tabpanel-0" />
        <Tab label="Additional info" id="tab-1" aria-controls="tabpanel-1" />
        <Tab label={`Reviews (${reviews.length})`} id="tab-2" aria-controls="tabpanel-2" />
      </Tabs>
      <Box sx={{ p: { xs: 2, md: 3 } }}>
        {tab === 0 && (
          <Box role="tabpanel" id="tabpanel-0" aria-labelledby="tab-0" sx={{ color: 'text.secondary', lineHeight: 1.8 }}>
            {product.description}
          </Box>
        )}
        {tab === 1 && (
          <Box role="tabpanel" id="tabpanel-1" aria-labelledby="tab-1">
            <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: 14, '& th, & td': { border: `1px solid ${brand.line}`, p: 1.25, textAlign: 'left' }, '& th': { width: { md: 240 }, bgcolor: '#f8f9fd', fontWeight: 700 } }}>
              <tbody>
                {ADDITIONAL_INFO.map(([name, value]) => (
                  <tr key={name}>
                    <th scope="row">{name}</th>
                    <td>{value}</td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
        )}
        {tab === 2 && (
          <Box role="tabpanel" id="tabpanel-2" aria-labelledby="tab-2">
            <Suspense fallback={<Box sx={{ minHeight: 160 }} aria-busy="true" />}>
              <Reviews productId={product.id} reviews={reviews} loading={reviewsLoading} />
            </Suspense>
          </Box>
        )}
      </Box>
    </Box>
  );
}
