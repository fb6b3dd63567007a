import Box from '@mui/material/Box';
import { Link } from 'react-router';
import { brand } from '../app/theme.ts';

/** The shop's mark and name; links home. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Box
      component={Link}
      to="/"
      aria-label="Gift & Gear home"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, textDecoration: 'none', color: brand.indigo, flexShrink: 0 }}
    >
      <svg width={compact ? 34 : 42} height={compact ? 34 : 42} viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill={brand.indigo} />
        <path d="M14 28h36v24a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4z" fill="#fff" />
        <rect x="10" y="20" width="44" height="10" rx="3" fill={brand.saffron} />
        <rect x="29" y="20" width="6" height="36" fill={brand.saffron} />
        <path d="M32 20c-4-9-14-9-13-3 1 4 9 3 13 3zm0 0c4-9 14-9 13-3-1 4-9 3-13 3z" fill="none" stroke={brand.saffron} strokeWidth="3" />
      </svg>
      <Box component="span" sx={{ lineHeight: 1, display: 'flex', flexDirection: 'column' }}>
        <Box component="span" sx={{ fontWeight: 800, fontSize: compact ? 18 : 22, letterSpacing: '-0.02em' }}>
          Gift<Box component="span" sx={{ color: brand.saffron }}>&amp;</Box>Gear
        </Box>
        {!compact && (
          <Box component="span" sx={{ fontSize: 11, color: brand.muted, fontWeight: 500, mt: 0.4 }}>
            gifts · gadgets · gear
          </Box>
        )}
      </Box>
    </Box>
  );
}
