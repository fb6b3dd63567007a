import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { brand } from './theme.ts';
import { CART_TITLE_LENGTH } from './constants.ts';
import { truncate } from './format.ts';
import { productPath } from './links.ts';

/** Picture, title cut to 30 characters + "...", read-only rating, all linking to /product/{productId}. */
export function ProductCell({ productId, title, image, rating, extra }: { productId: string; title: string; image: string; rating: number; extra?: ReactNode }) {
  const href = productPath(productId);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
      <Box
        component={Link}
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        sx={{ flexShrink: 0, width: 76, height: 76, borderRadius: 2.5, overflow: 'hidden', bgcolor: '#f1f4fa', border: `1px solid ${brand.line}` }}
      >
        <img src={image} alt="" width={76} height={76} loading="lazy" decoding="async" style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Box
          component={Link}
          to={href}
          title={title}
          data-testid="line-title"
          sx={{ color: brand.ink, fontWeight: 700, fontSize: 15, textDecoration: 'none', lineHeight: 1.35, display: 'block', '&:hover': { color: brand.indigo, textDecoration: 'underline' } }}
        >
          {truncate(title, CART_TITLE_LENGTH)}
        </Box>
        <Rating value={Number(rating) || 0} precision={0.5} readOnly size="small" sx={{ mt: 0.5 }} aria-label={`Rated ${Number(rating) || 0} out of 5`} />
        {extra}
      </Box>
    </Box>
  );
}
