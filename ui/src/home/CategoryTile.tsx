import { Link } from 'react-router';
import type { Category } from '../api/types.ts';
import { brand } from '../shared/theme.ts';
import { categoryPath } from '../shared/links.ts';
import css from './home.module.css';

/** Slides per view and gap of the category carousel, per breakpoint (the still row in home.module.css matches). */
export const CATEGORY_LAYOUT = { xs: { perView: 3.3, gap: 10 }, sm: { perView: 5, gap: 12 }, md: { perView: 8, gap: 16 } } as const;

export function CategoryTile({ category }: { category: Category }) {
  return (
    <Link to={categoryPath(category.id)} data-testid="category-tile" className={css.tile} style={{ background: category.color || brand.indigoLight }}>
      <span className={css.tileImage}>
        <img src={category.images[0]} alt="" width={120} height={120} loading="lazy" decoding="async" />
      </span>
      <span className={css.tileName}>{category.name}</span>
    </Link>
  );
}
