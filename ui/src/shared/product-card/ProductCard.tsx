import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '../../api/types.ts';
import { CARD_NAME_LENGTH, CARD_SKELETON_MS } from '../constants.ts';
import { cameWithFirstScreen, renderingStaticCopy } from '../firstScreenCopy.ts';
import { truncate } from '../format.ts';
import { Icon } from '../icons.tsx';
import { productPath } from '../links.ts';
import { useAppDispatch } from '../../store/store.ts';
import { quickViewOpened } from '../../store/uiSlice.ts';
import { DiscountBadge, StockBadge } from './Badges.tsx';
import css from './card.module.css';
import { SkeletonRows } from './CardSkeleton.tsx';
import { Price } from './Price.tsx';
import { useWishlist } from '../useWishlist.ts';
import { useSale } from '../useSale.ts';

// The slider (Swiper) runs only under a pointer: loaded on the first hover, not with the listing.
const HoverSlider = lazy(() => import('./HoverSlider.tsx').then((m) => ({ default: m.HoverSlider })));

export interface ProductCardProps {
  product: Product;
  /** `list` is the one-column listing: picture left, details right. */
  layout?: 'grid' | 'list';
  /** Above-the-fold cards load their picture eagerly. */
  priority?: boolean;
}

/**
 * A product tile: a 500 ms skeleton that ignores hover, then the picture (second picture slider on
 * hover), discount badge, name cut to 20 characters, rating, prices, stock, heart and quick view.
 * Styled with a CSS module: a listing renders dozens of these.
 *
 * The skeleton is for a card the app is still filling in: it holds the card's shape while the
 * data and picture are on their way, so nothing half-loaded shows and no hover slider starts on
 * an empty card. A card that came inside the page's HTML (the server's first screen) already has
 * its data, and its picture is fetched at once with its box reserved: a skeleton there would only
 * hide what is ready for 500 ms (on a listing, the picture that is the page's largest paint). So
 * such a card shows at once, in the copy (which takes no input until the app replaces it) and in
 * the app's first render that replaces it (shared/firstScreenCopy.ts); a card the app loads itself
 * keeps the skeleton.
 */
export const ProductCard = memo(function ProductCard({ product, layout = 'grid', priority = false }: ProductCardProps) {
  // During a sale the card shows the price the checkout will charge.
  const sale = useSale(product, product.price);
  const staticCopy = renderingStaticCopy();
  const [ready, setReady] = useState(() => staticCopy || cameWithFirstScreen(product.id));
  const [hovered, setHovered] = useState(false);
  const [everHovered, setEverHovered] = useState(false);
  const dispatch = useAppDispatch();
  const { listed, toggle } = useWishlist(product, everHovered);

  // Once, from mount.
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true), CARD_SKELETON_MS);
    return () => clearTimeout(timer);
  }, []);

  const hasSecondImage = product.images.length > 1;
  // The first row's pictures are the page's largest paint: fetched first, at their intrinsic size,
  // and decoded in the frame that reveals them (an async decode shows them a frame or more later).
  const fetchPriority = priority ? 'high' : 'auto';
  const loading = priority ? 'eager' : 'lazy';
  const decoding = priority ? 'sync' : 'async';
  const picture = <img src={product.images[0]} alt={product.name} width={400} height={400} loading={loading} fetchPriority={fetchPriority} decoding={decoding} />;
  const href = productPath(product.id);

  return (
    <article
      className={`product-card ${css.card} ${layout === 'list' ? css.list : ''}`}
      data-static-copy={staticCopy ? '' : undefined}
      data-testid="product-card"
      data-ready={ready && !staticCopy ? 'true' : 'false'}
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
    >
      <div className={css.media}>
        {!ready ? (
          <>
            {/* The picture downloads and decodes behind the skeleton, so it shows at once at 500 ms. */}
            <span className={css.cover} style={{ visibility: 'hidden' }} aria-hidden="true">
              <img src={product.images[0]} alt="" width={400} height={400} loading={loading} fetchPriority={fetchPriority} decoding={decoding} />
            </span>
            <Skeleton variant="rectangular" animation="wave" width="100%" height="100%" className={css.fill} data-testid="card-skeleton" />
          </>
        ) : (
          <>
            <Link to={href} aria-label={product.name} className={css.cover}>
              {picture}
              {everHovered && hasSecondImage && (
                // Laid over the first picture, which stays in place: a press that began on it while
                // the slider's code was loading still ends in a click on the link (a press whose
                // target leaves the page gets no click), and nothing blinks as the slider arrives.
                <span className={css.fill} aria-hidden="true">
                  <Suspense fallback={null}>
                    <HoverSlider images={product.images} alt="" running={hovered} />
                  </Suspense>
                </span>
              )}
            </Link>
            <span className={css.badge}>
              <DiscountBadge product={product} />
            </span>
            <div className={`card-actions ${css.actions}`}>
              <button type="button" title="Quick view" aria-label={`Quick view ${product.name}`} onClick={() => dispatch(quickViewOpened(product.id))} className={css.action}>
                <Icon name="expand" size={17} />
              </button>
              <button
                type="button"
                title={listed ? 'Added to Wishlist' : 'Add to Wishlist'}
                aria-label={listed ? 'Added to Wishlist' : `Add ${product.name} to Wishlist`}
                aria-pressed={listed}
                data-testid="card-heart"
                onClick={() => void toggle()}
                className={`${css.action} ${listed ? css.listed : ''}`}
              >
                <Icon name={listed ? 'heartFilled' : 'heart'} size={18} />
              </button>
            </div>
          </>
        )}
      </div>

      <div className={css.body}>
        {!ready ? (
          <SkeletonRows />
        ) : (
          <>
            <Link to={href} title={product.name} className={`card-name ${css.name}`}>
              {truncate(product.name, CARD_NAME_LENGTH)}
            </Link>
            <div className={css.brand}>{product.brand}</div>
            <div className={css.rating}>
              <Rating value={Number(product.rating) || 0} precision={0.5} readOnly size="small" />
            </div>
            <div className={css.priceRow}>
              <Price price={sale?.price ?? product.price} oldPrice={sale ? Math.max(product.price, product.oldPrice ?? 0) : product.oldPrice} stackOnPhone />
              {sale && (
                <span className={css.saleTag} data-testid="card-sale">
                  {sale.name}
                </span>
              )}
            </div>
            <div className={css.stockRow}>
              <StockBadge countInStock={product.countInStock} />
            </div>
            {layout === 'list' && <p className={css.description}>{product.description}</p>}
          </>
        )}
      </div>
    </article>
  );
});
