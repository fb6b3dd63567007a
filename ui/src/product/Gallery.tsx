import { lazy, Suspense, useState } from 'react';
import type { Product } from '../api/types.ts';
import { DiscountBadge } from '../shared/product-card/Badges.tsx';
import css from './gallery.module.css';
import { HoverZoom } from './HoverZoom.tsx';
import { pictureAlt, Thumb } from './GalleryThumb.tsx';

const GallerySwiper = lazy(() => import('./GallerySwiper.tsx'));

/**
 * The product gallery: main picture with hover zoom and discount badge, five thumbnails below.
 * It shows the pictures as they are (hover zoom and thumbnails work) until the shopper first
 * reaches for it with a pointer or a finger; then Swiper (GallerySwiper) takes over with the same
 * geometry (one picture per view, five thumbnails per view, 8 px apart) to swipe through them.
 * Swiper's code (about 27 KB gzip) is so kept off the product page's first screen. Not on
 * keyboard focus: the swap would take the focused thumbnail away (the still ones are buttons too).
 */
export function Gallery({ product, priority = false }: { product: Product; priority?: boolean }) {
  const images = product.images.length ? product.images : ['/banner-placeholder.svg'];
  const [active, setActive] = useState(0);
  const [upgraded, setUpgraded] = useState(false);
  const upgrade = upgraded ? undefined : () => setUpgraded(true);
  const still = (
    <>
      <div className={css.frame}>
        <HoverZoom src={images[active] ?? images[0]!} alt={pictureAlt(product, active)} priority={priority} />
      </div>
      <div className={`${css.thumbs} ${css.stillThumbs}`} role="group" aria-label="Pictures">
        {images.map((src, index) => (
          <Thumb key={`${src}-${index}`} src={src} index={index} active={active === index} onClick={() => setActive(index)} />
        ))}
      </div>
    </>
  );
  return (
    <div data-testid="gallery" style={{ position: 'relative' }} onPointerEnter={upgrade} onTouchStart={upgrade}>
      <span className={css.badge}>
        <DiscountBadge product={product} />
      </span>
      {upgraded ? (
        <Suspense fallback={still}>
          <GallerySwiper product={product} images={images} active={active} onActive={setActive} priority={priority} />
        </Suspense>
      ) : (
        still
      )}
    </div>
  );
}
