import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import { memo, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '../api/types.ts';
import { brand } from '../app/theme.ts';
import { CARD_NAME_LENGTH, CARD_SKELETON_MS } from '../lib/constants.ts';
import { truncate } from '../lib/format.ts';
import { productPath } from '../lib/links.ts';
import { useAppDispatch } from '../store/store.ts';
import { quickViewOpened } from '../store/uiSlice.ts';
import { DiscountBadge, StockBadge } from './Badges.tsx';
import { HoverSlider } from './HoverSlider.tsx';
import { Price } from './Price.tsx';
import { useWishlist } from './useWishlist.ts';

export interface ProductCardProps {
  product: Product;
  /** `list` is the one-column listing: picture left, details right. */
  layout?: 'grid' | 'list';
  /** Above-the-fold cards load their picture eagerly. */
  priority?: boolean;
}

/** Fixed row heights: the skeleton and the card occupy exactly the same box (no layout shift). */
const ROW = { name: 22, brand: 18, rating: 22, price: { xs: 40, sm: 26 }, stock: 22 } as const;

/**
 * A product tile: a 500 ms skeleton that ignores hover, then the picture (second picture slider on
 * hover), discount badge, name cut to 20 characters, rating, prices, stock, heart and quick view.
 */
export const ProductCard = memo(function ProductCard({ product, layout = 'grid', priority = false }: ProductCardProps) {
  const [ready, setReady] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [everHovered, setEverHovered] = useState(false);
  const dispatch = useAppDispatch();
  const { listed, add } = useWishlist(product, everHovered);

  useEffect(() => {
    const timer = setTimeout(() => setReady(true), CARD_SKELETON_MS);
    return () => clearTimeout(timer);
  }, []);

  const list = layout === 'list';
  const hasSecondImage = product.images.length > 1;
  const href = productPath(product.id);

  return (
    <Box
      component="article"
      className="product-card"
      data-testid="product-card"
      data-ready={ready ? 'true' : 'false'}
      data-product-id={product.id}
      onMouseEnter={
        ready
          ? () => {
              setHovered(true);
              setEverHovered(true);
            }
          : undefined
      }
      onMouseLeave={ready ? () => setHovered(false) : undefined}
      sx={{
        position: 'relative',
        bgcolor: '#fff',
        border: `1px solid ${brand.line}`,
        borderRadius: 3,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: list ? { xs: 'column', sm: 'row' } : 'column',
        height: '100%',
        transition: 'box-shadow .2s, border-color .2s',
        '&:hover': ready ? { boxShadow: '0 10px 30px rgba(20,42,102,.12)', borderColor: '#d5dbec' } : undefined,
        '&:hover .card-actions, &:focus-within .card-actions': { opacity: 1, transform: 'translateX(0)' },
      }}
    >
      <Box sx={{ position: 'relative', flexShrink: 0, width: list ? { xs: '100%', sm: 240 } : '100%', aspectRatio: '1 / 1', bgcolor: '#f1f4fa' }}>
        {!ready ? (
          <Skeleton variant="rectangular" animation="wave" sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }} data-testid="card-skeleton" />
        ) : (
          <>
            <Box component={Link} to={href} aria-label={product.name} sx={{ position: 'absolute', inset: 0, display: 'block' }}>
              {everHovered && hasSecondImage ? (
                <HoverSlider images={product.images} alt={product.name} running={hovered} />
              ) : (
                <img
                  src={product.images[0]}
                  alt={product.name}
                  width={400}
                  height={400}
                  loading={priority ? 'eager' : 'lazy'}
                  decoding="async"
                  style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
                />
              )}
            </Box>
            <Box sx={{ position: 'absolute', top: 10, left: 10, zIndex: 2, pointerEvents: 'none' }}>
              <DiscountBadge product={product} />
            </Box>
            <Box
              className="card-actions"
              sx={{
                position: 'absolute',
                top: 8,
                right: 8,
                zIndex: 2,
                display: 'flex',
                flexDirection: 'column',
                gap: 0.75,
                opacity: { xs: 1, md: 0 },
                transform: { xs: 'none', md: 'translateX(8px)' },
                transition: 'opacity .2s, transform .2s',
                '@media (hover: none)': { opacity: 1, transform: 'none' },
              }}
            >
              <IconButton size="small" title="Quick view" aria-label={`Quick view ${product.name}`} onClick={() => dispatch(quickViewOpened(product.id))} sx={actionSx}>
                <OpenInFullIcon sx={{ fontSize: 17 }} />
              </IconButton>
              <IconButton
                  title={listed ? 'Added to Wishlist' : 'Add to Wishlist'}
                  size="small"
                  aria-label={listed ? 'Added to Wishlist' : `Add ${product.name} to Wishlist`}
                  aria-pressed={listed}
                  data-testid="card-heart"
                  onClick={() => void add()}
                  sx={{ ...actionSx, color: listed ? brand.red : brand.ink }}
                >
                  {listed ? <FavoriteIcon sx={{ fontSize: 18 }} /> : <FavoriteBorderIcon sx={{ fontSize: 18 }} />}
                </IconButton>
            </Box>
          </>
        )}
      </Box>

      <Box sx={{ p: { xs: 1.25, sm: 1.75 }, display: 'flex', flexDirection: 'column', gap: 0.5, flex: 1, minWidth: 0 }}>
        {!ready ? (
          <>
            <Skeleton height={ROW.name} width="85%" />
            <Skeleton height={ROW.brand} width="45%" />
            <Skeleton height={ROW.rating} width="55%" />
            <Skeleton sx={{ height: ROW.price, transform: 'none' }} width="65%" />
            <Skeleton height={ROW.stock} width="35%" />
          </>
        ) : (
          <>
            <Box
              component={Link}
              to={href}
              title={product.name}
              className="card-name"
              sx={{ height: ROW.name, fontWeight: 700, fontSize: { xs: 13.5, sm: 15 }, color: brand.ink, textDecoration: 'none', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', '&:hover': { color: brand.indigo } }}
            >
              {truncate(product.name, CARD_NAME_LENGTH)}
            </Box>
            <Box sx={{ height: ROW.brand, fontSize: 12.5, color: 'text.secondary', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{product.brand}</Box>
            <Box sx={{ height: ROW.rating, display: 'flex', alignItems: 'center' }}>
              <Rating value={Number(product.rating) || 0} precision={0.5} readOnly size="small" />
            </Box>
            <Box sx={{ height: ROW.price, display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' } }}>
              <Price price={product.price} oldPrice={product.oldPrice} stackOnPhone />
            </Box>
            <Box sx={{ height: ROW.stock }}>
              <StockBadge countInStock={product.countInStock} />
            </Box>
            {list && (
              <Box sx={{ color: 'text.secondary', fontSize: 14, mt: 1, display: { xs: 'none', sm: '-webkit-box' }, WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                {product.description}
              </Box>
            )}
          </>
        )}
      </Box>
    </Box>
  );
});

const actionSx = {
  bgcolor: '#fff',
  boxShadow: '0 2px 8px rgba(20,42,102,.15)',
  width: 34,
  height: 34,
  '&:hover': { bgcolor: brand.indigo, color: '#fff' },
} as const;
