import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '../api/types.ts';
import { brand } from '../shared/theme.ts';
import { addToCompare, COMPARE_MESSAGES, useCompareList } from '../shared/compareList.ts';
import { FREE_DELIVERY_OVER } from '../shared/constants.ts';
import { inStock } from '../shared/format.ts';
import { StockBadge } from '../shared/product-card/Badges.tsx';
import { Price } from '../shared/product-card/Price.tsx';
import { useSale, useSalePricing } from '../shared/useSale.ts';
import { useAppDispatch } from '../store/store.ts';
import { notifyError, notifySuccess } from '../store/snackbarSlice.ts';
import { useWishlist } from '../shared/useWishlist.ts';
import { Choosers } from './Choosers.tsx';
import { chosenVariant, NO_SELECTIONS, optionsReady, type Selections } from './choosers.ts';
import { Gallery } from './Gallery.tsx';
import { QuantityBox } from './QuantityBox.tsx';
import { useAddToCart } from '../shared/useAddToCart.ts';
import { DeliveryCheck } from '../shared/DeliveryCheck.tsx';

export interface ProductDetailBodyProps {
  product: Product;
  reviewCount: number;
  /** Jumps to the Reviews tab (detail page); absent in the quick view. */
  onReviewsClick?: () => void;
  priority?: boolean;
  headingLevel?: 'h1' | 'h2';
}

/** Gallery and buying box: shared by the product page and the quick-view dialog. */
export function ProductDetailBody({ product, reviewCount, onReviewsClick, priority = false, headingLevel = 'h1' }: ProductDetailBodyProps) {
  const [selections, setSelections] = useState<Selections>(NO_SELECTIONS);
  const [showErrors, setShowErrors] = useState(false);
  const [quantity, setQuantity] = useState(1);
  const { add, busy } = useAddToCart();
  const wishlist = useWishlist(product, true);
  // The chosen variant's price and stock, once every chooser names one; the product's until then.
  const variant = chosenVariant(product, selections);
  const shown = variant ? { price: variant.price, oldPrice: variant.oldPrice ?? 0, countInStock: variant.countInStock } : product;
  const available = inStock(shown.countInStock);
  // During a sale: the price the checkout will charge, the catalog price struck through.
  const sale = useSale(product, shown.price);
  const priceOf = useSalePricing(product);
  const dispatch = useAppDispatch();
  const compared = useCompareList().some((item) => item.id === product.id);

  const compare = () => {
    const outcome = addToCompare(product);
    if (outcome === 'full') dispatch(notifyError(COMPARE_MESSAGES.full));
    else dispatch(notifySuccess(COMPARE_MESSAGES[outcome]));
  };

  const addToCart = () => {
    if (!optionsReady(product, selections)) {
      setShowErrors(true);
      return;
    }
    void add(product, quantity, selections);
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, gap: { xs: 3, md: 5 } }} data-testid="product-detail">
      <Gallery product={product} priority={priority} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h1" component={headingLevel} sx={{ fontSize: { xs: '1.5rem', md: '1.9rem' }, lineHeight: 1.25 }} data-testid="product-name">
          {product.name}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1, flexWrap: 'wrap', fontSize: 14 }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            Brand: <Box component="strong" sx={{ color: brand.ink }}>{product.brand}</Box>
          </Box>
          <Divider orientation="vertical" flexItem />
          {/* The stars are the reviews' average: none beside "0 Reviews", whatever the catalog says. */}
          {reviewCount > 0 && <Rating value={Number(product.rating) || 0} precision={0.5} readOnly size="small" aria-label={`Rated ${product.rating} out of 5`} data-testid="product-rating" />}
          {onReviewsClick ? (
            <Box component="button" type="button" onClick={onReviewsClick} data-testid="review-count" sx={{ font: 'inherit', fontSize: 14, border: 0, p: 0, bgcolor: 'transparent', color: brand.indigo, cursor: 'pointer', textDecoration: 'underline' }}>
              {reviewCount} Review{reviewCount === 1 ? '' : 's'}
            </Box>
          ) : (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {reviewCount} Review{reviewCount === 1 ? '' : 's'}
            </Box>
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
          <Price price={sale?.price ?? shown.price} oldPrice={sale ? Math.max(shown.price, shown.oldPrice ?? 0) : shown.oldPrice} size="lg" />
          {sale && (
            <Box component="span" sx={{ fontWeight: 700, color: '#c2410c' }} data-testid="product-sale">
              {sale.name}
            </Box>
          )}
          <StockBadge countInStock={shown.countInStock} upper />
        </Box>
        <Typography sx={{ fontSize: 12.5, color: 'text.secondary', mt: 0.5 }} data-testid="mrp-note">
          MRP incl. of all taxes
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 2, lineHeight: 1.7 }}>{product.description}</Typography>
        <Choosers
          product={product}
          selections={selections}
          showErrors={showErrors}
          priceOf={priceOf}
          onChange={(kind, value) => setSelections((s) => ({ ...s, [kind]: value }))}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 2.5, flexWrap: 'wrap' }}>
          <QuantityBox value={quantity} countInStock={shown.countInStock} onChange={setQuantity} />
          <Button
            variant="contained"
            size="large"
            startIcon={<ShoppingCartOutlinedIcon />}
            onClick={addToCart}
            disabled={busy || !available}
            data-testid="add-to-cart"
            sx={{ height: 46, px: 3.5 }}
          >
            {busy ? 'adding...' : 'Add to cart'}
          </Button>
        </Box>
        <DeliveryCheck productId={product.id} />
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Button
            variant="text"
            onClick={() => void wishlist.toggle()}
            title={wishlist.listed ? 'Added to Wishlist' : 'Add to Wishlist'}
            startIcon={wishlist.listed ? <FavoriteIcon sx={{ color: brand.red }} /> : <FavoriteBorderIcon />}
            data-testid="wishlist-button"
            sx={{ color: wishlist.listed ? brand.red : brand.ink, fontWeight: wishlist.listed ? 800 : 600 }}
          >
            {wishlist.listed ? 'ADDED TO WISHLIST' : 'Add to Wishlist'}
          </Button>
          {compared ? (
            <Button component={Link} to="/compare" variant="text" startIcon={<CompareArrowsIcon />} data-testid="compare-button" sx={{ color: brand.indigo, fontWeight: 800 }}>
              ADDED TO COMPARE
            </Button>
          ) : (
            <Button variant="text" startIcon={<CompareArrowsIcon />} onClick={compare} data-testid="compare-button" sx={{ color: brand.ink }}>
              Add to Compare
            </Button>
          )}
        </Box>
        <Box sx={{ mt: 2, pt: 2, borderTop: `1px dashed ${brand.line}`, fontSize: 13.5, color: 'text.secondary', display: 'grid', gap: 0.5 }}>
          <span>
            Category: <strong>{product.catName}</strong>
            {product.subCatName ? ` / ${product.subCatName}` : ''}
          </span>
          <span>Free delivery on orders over Rs {FREE_DELIVERY_OVER}</span>
        </Box>
      </Box>
    </Box>
  );
}
