import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { brand } from '../app/theme.ts';
import { FIRST_ORDER_DISCOUNT, FREE_DELIVERY_OVER, SALE_UP_TO_PERCENT } from '../lib/constants.ts';

/** The thin promotion strip at the very top: the New Year sale and the two standing offers. */
export function SaleStrip() {
  return (
    <Box
      data-testid="sale-strip"
      sx={{ background: `linear-gradient(90deg, ${brand.indigoDark}, ${brand.indigo})`, color: '#fff', fontSize: 13, height: 34, display: 'flex', alignItems: 'center' }}
    >
      <Container maxWidth="xl" sx={{ display: 'flex', justifyContent: 'center', gap: 3, whiteSpace: 'nowrap', overflow: 'hidden' }}>
        <Box component="span">
          <Box component="strong" sx={{ color: '#ffc48f' }}>
            New Year Sale
          </Box>{' '}
          — up to {SALE_UP_TO_PERCENT}% off
        </Box>
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          Free delivery over Rs {FREE_DELIVERY_OVER}
        </Box>
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
          Rs {FIRST_ORDER_DISCOUNT} off your first order
        </Box>
      </Container>
    </Box>
  );
}
