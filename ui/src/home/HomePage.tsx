import { lazy, useState } from 'react';
import { useGetBannersQuery } from '../api/shopApi.ts';
import { HOME_TITLE } from '../shared/documentTitle.ts';
import { LazySection } from '../shared/LazySection.tsx';
import { BannerImage } from '../shared/BannerImage.tsx';
import { FeaturedCategories } from './FeaturedCategories.tsx';
import css from './home.module.css';
import { HomeBannerSlider } from './HomeBannerSlider.tsx';

const ProductRow = lazy(() => import('./ProductRows.tsx'));

/** Approximate section heights (title, card row, banner strip) reserved before a row mounts. */
const ROW_HEIGHT = { xs: 480, md: 500 };
const ROW_WITH_BANNERS = { xs: 1100, sm: 760, md: 720 };

/** Left column of the product area: the side banners, sticky under the fixed header. */
function SideBanners() {
  const { data: banners } = useGetBannersQuery('side');
  return (
    <aside aria-label="Offers" data-testid="side-banners" className={css.side}>
      {(banners ?? []).map((banner, i) => (
        <BannerImage key={banner.id} banner={banner} width={600} height={300} alt={banner.subCatName ?? banner.catName ?? `Offer ${i + 1}`} />
      ))}
    </aside>
  );
}

/** Home: banners, categories, then product rows beside the side banners. */
export default function HomePage() {
  // The random category is chosen once, when Home loads.
  const [pick] = useState(Math.random);
  // Home opens at the top: the shell scrolls to the top on every navigation, and a fresh
  // load starts there because main.tsx turns scroll restoration off.
  return (
    <div className={`container ${css.page}`} data-testid="home-page">
      {/* The page's main heading for screen readers (the banners say the rest visually). */}
      <h1 className="visually-hidden">{HOME_TITLE}</h1>
      <HomeBannerSlider />
      <FeaturedCategories />
      <div className={css.area}>
        <SideBanners />
        {/* Below the fold on every screen: each row mounts as it comes near the viewport. */}
        <div className={css.rows}>
          {(['popular', 'new', 'featured', 'random'] as const).map((section) => {
            const minHeight = section === 'new' || section === 'featured' ? ROW_WITH_BANNERS : ROW_HEIGHT;
            return (
              <LazySection key={section} minHeight={minHeight}>
                <ProductRow section={section} pick={pick} />
              </LazySection>
            );
          })}
        </div>
      </div>
    </div>
  );
}
