import { lazy, Suspense } from 'react';
import { useGetCategoriesQuery } from '../api/shopApi.ts';
import type { Category } from '../api/types.ts';
import { useAfterFirstPaint } from '../shared/useAfterFirstPaint.ts';
import { CATEGORY_LAYOUT, CategoryTile } from './CategoryTile.tsx';
import css from './home.module.css';
import { SectionTitle } from '../shared/SectionTitle.tsx';

const CategorySwiper = lazy(() => import('./CategorySwiper.tsx'));

/** The carousel's first frame without Swiper: same slide widths and gaps, so the upgrade moves nothing. */
function StillRow({ categories }: { categories: Category[] | undefined }) {
  return (
    <div className={css.still}>
      {categories
        ? categories.slice(0, CATEGORY_LAYOUT.md.perView).map((c) => <CategoryTile key={c.id} category={c} />)
        : Array.from({ length: CATEGORY_LAYOUT.md.perView }, (_, i) => <div key={i} className={css.tileLoading} />)}
    </div>
  );
}

/** Featured Categories: 8 per view on wide screens, coloured tiles linking to each category. */
export function FeaturedCategories() {
  const { data: categories } = useGetCategoriesQuery();
  const upgraded = useAfterFirstPaint();
  return (
    <section aria-labelledby="featured-categories" className={css.categories} data-testid="featured-categories">
      <SectionTitle id="featured-categories" title="Featured Categories" subtitle="Find the right gift, faster." />
      {categories && upgraded ? (
        <Suspense fallback={<StillRow categories={categories} />}>
          <CategorySwiper categories={categories} />
        </Suspense>
      ) : (
        <StillRow categories={categories} />
      )}
    </section>
  );
}
