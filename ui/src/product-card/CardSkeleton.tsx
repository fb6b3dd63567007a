import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { brand } from '../app/theme.ts';

/** The card's loading shape while its data is on the way; same box as a ready card. */
export function CardSkeleton() {
  return (
    <Box data-testid="card-loading" sx={{ bgcolor: '#fff', border: `1px solid ${brand.line}`, borderRadius: 3, overflow: 'hidden', height: '100%' }}>
      <Box sx={{ aspectRatio: '1 / 1', position: 'relative' }}>
        <Skeleton variant="rectangular" sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }} />
      </Box>
      <Box sx={{ p: { xs: 1.25, sm: 1.75 }, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Skeleton height={22} width="85%" />
        <Skeleton height={18} width="45%" />
        <Skeleton height={22} width="55%" />
        <Skeleton sx={{ height: { xs: 40, sm: 26 }, transform: 'none' }} width="65%" />
        <Skeleton height={22} width="35%" />
      </Box>
    </Box>
  );
}
