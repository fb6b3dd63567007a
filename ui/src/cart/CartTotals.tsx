import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Panel } from '../shared/common.tsx';
import { brand } from '../shared/theme.ts';

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, py: 1.1 }}>
      <Box component="span" sx={{ color: strong ? brand.ink : 'text.secondary', fontWeight: strong ? 700 : 500 }}>
        {label}
      </Box>
      <Box component="span" sx={{ fontWeight: 700, textAlign: 'right' }}>
        {children}
      </Box>
    </Box>
  );
}

/** CART TOTALS: Subtotal, Shipping (Free), Estimate for (United Kingdom), Total, Checkout. */
export function CartTotals({ subtotal, total, disabled }: { subtotal: string; total: string; disabled: boolean }) {
  return (
    <Panel component="aside" aria-label="Cart totals" data-testid="cart-totals" sx={{ p: 3, position: { md: 'sticky' }, top: { md: 110 } }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: 16, letterSpacing: '.06em', fontWeight: 800 }}>
        CART TOTALS
      </Typography>
      <Divider sx={{ my: 1.5 }} />
      <Row label="Subtotal">
        <Box component="span" sx={{ color: brand.red }} data-testid="cart-subtotal">
          {subtotal}
        </Box>
      </Row>
      <Row label="Shipping">
        <Box component="span" sx={{ color: brand.green }}>
          Free
        </Box>
      </Row>
      <Row label="Estimate for">United Kingdom</Row>
      <Divider sx={{ my: 1 }} />
      <Row label="Total" strong>
        <Box component="span" sx={{ color: brand.red, fontSize: 19 }} data-testid="cart-grand-total">
          {total}
        </Box>
      </Row>
      <Button
        component={Link}
        to="/checkout"
        variant="contained"
        size="large"
        fullWidth
        startIcon={<LockOutlinedIcon />}
        disabled={disabled}
        sx={{ mt: 2, height: 50 }}
        data-testid="cart-checkout"
      >
        Checkout
      </Button>
      <Typography sx={{ mt: 1.5, fontSize: 12.5, color: 'text.secondary', textAlign: 'center' }}>Free delivery on orders over Rs 299 · secure card payment</Typography>
    </Panel>
  );
}
