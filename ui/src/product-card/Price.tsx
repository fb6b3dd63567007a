import Box from '@mui/material/Box';
import { brand } from '../app/theme.ts';
import { rupees } from '../lib/format.ts';

/** Old price struck through, then the price, both prefixed Rs. */
export function Price({ price, oldPrice, size = 'md', stackOnPhone = false }: { price: number; oldPrice?: number; size?: 'md' | 'lg'; stackOnPhone?: boolean }) {
  const big = size === 'lg';
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: stackOnPhone ? { xs: 'flex-start', sm: 'baseline' } : 'baseline',
        flexDirection: stackOnPhone ? { xs: 'column', sm: 'row' } : 'row',
        gap: stackOnPhone ? { xs: 0, sm: 1 } : 1,
        flexWrap: 'wrap',
      }}
    >
      {oldPrice !== undefined && oldPrice > price && (
        <Box component="span" className="old-price" sx={{ color: brand.muted, textDecoration: 'line-through', fontSize: big ? 18 : { xs: 12.5, sm: 13.5 } }}>
          {rupees(oldPrice)}
        </Box>
      )}
      <Box component="span" className="price" sx={{ color: brand.red, fontWeight: 800, fontSize: big ? 26 : { xs: 15.5, sm: 16.5 }, lineHeight: 1.3 }}>
        {rupees(price)}
      </Box>
    </Box>
  );
}
