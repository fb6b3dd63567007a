import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useGetCategoriesQuery } from '../api/shopApi.ts';
import { FREE_DELIVERY_OVER } from '../shared/constants.ts';
import { Icon } from '../shared/icons.tsx';
import { categoryPath, subCategoryPath } from '../shared/links.ts';
import css from './CategoryBar.module.css';
import { useLazyOpen } from './useLazyOpen.ts';

const NavDrawer = lazy(() => import('./NavDrawer.tsx'));

const BAR_CATEGORIES = 7;

/** Wide-screen category navigation: All Categories sidebar, the first seven categories with submenus. */
export function CategoryBar() {
  const { data: categories = [] } = useGetCategoriesQuery();
  const sidebar = useLazyOpen();
  // Submenus are rendered only while their category is hovered or focused.
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <nav aria-label="Categories" className={css.nav}>
      <div className={`container ${css.row}`}>
        <button type="button" onClick={sidebar.show} className={css.all}>
          <Icon name="menu" size={20} />
          All Categories
        </button>
        <ul className={css.links}>
          <li>
            <NavLink to="/" end className={css.link}>
              Home
            </NavLink>
          </li>
          {categories.slice(0, BAR_CATEGORIES).map((cat) => (
            <li
              key={cat.id}
              className={css.item}
              onMouseEnter={() => setOpenId(cat.id)}
              onMouseLeave={() => setOpenId(null)}
              onFocus={() => setOpenId(cat.id)}
              onBlur={(e) => {
                if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpenId(null);
              }}
            >
              <NavLink to={categoryPath(cat.id)} className={css.link}>
                {cat.name}
                {cat.children.length > 0 && <Icon name="arrowDown" size={18} className={css.caret} />}
              </NavLink>
              {openId === cat.id && cat.children.length > 0 && (
                <div className={css.submenu}>
                  {cat.children.map((sub) => (
                    <Link key={sub.id} to={subCategoryPath(sub.id)} onClick={() => setOpenId(null)} className={css.sublink}>
                      {sub.name}
                    </Link>
                  ))}
                </div>
              )}
            </li>
          ))}
        </ul>
        <div className={css.delivery}>
          <Icon name="truck" size={20} />
          Free delivery over Rs {FREE_DELIVERY_OVER}
        </div>
      </div>
      {sidebar.mounted && (
        <Suspense fallback={null}>
          <NavDrawer open={sidebar.open} onClose={sidebar.hide} withPages={false} />
        </Suspense>
      )}
    </nav>
  );
}
