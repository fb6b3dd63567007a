import type { Product } from '../api/types.ts';
import css from './gallery.module.css';

/* What the still gallery and its Swiper (loaded after the first paint) both draw. */

export function pictureAlt(product: Product, index: number): string {
  return index === 0 ? product.name : `${product.name}, picture ${index + 1}`;
}

export function Thumb({ src, index, active, onClick }: { src: string; index: number; active: boolean; onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} aria-label={`Show picture ${index + 1}`} aria-current={active} data-testid="gallery-thumb" className={css.thumb}>
      <img src={src} alt="" width={120} height={120} loading="lazy" decoding="async" />
    </button>
  );
}
