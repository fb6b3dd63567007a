import { Link } from 'react-router';
import { brand } from './theme.ts';
import css from './Logo.module.css';

/** The shop's mark and name; links home. */
export function Logo({ compact = false }: { compact?: boolean }) {
  const size = compact ? 34 : 42;
  return (
    // Named by its visible words (plus where it goes), so speech users can say what they see.
    <Link to="/" className={`${css.logo} ${compact ? css.compact : ''}`}>
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill={brand.indigo} />
        <path d="M14 28h36v24a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4z" fill="#fff" />
        <rect x="10" y="20" width="44" height="10" rx="3" fill={brand.saffron} />
        <rect x="29" y="20" width="6" height="36" fill={brand.saffron} />
        <path d="M32 20c-4-9-14-9-13-3 1 4 9 3 13 3zm0 0c4-9 14-9 13-3-1 4-9 3-13 3z" fill="none" stroke={brand.saffron} strokeWidth="3" />
      </svg>
      <span className={css.words}>
        <span className={css.name}>
          Gift<span className={css.amp}>&amp;</span>Gear
        </span>
        {!compact && <span className={css.tagline}>gifts · gadgets · gear</span>}
      </span>
      <span className="visually-hidden"> home</span>
    </Link>
  );
}
