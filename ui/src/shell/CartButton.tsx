import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { Link } from 'react-router';
import { useGetCartQuery } from '../api/shopApi.ts';
import { brand } from '../app/theme.ts';
import { rupees } from '../lib/format.ts';
import { useSession } from '../session/hooks.ts';
import { cartSummary } from './cartSummary.ts';

/** Header cart: total and item count of the signed-in user's cart, linking to /cart. */
export function CartButton({ showTotal = true }: { showTotal?: boolean }) {
  const { signedIn, user } = useSession();
  const { data } = useGetCartQuery(user?.userId ?? '', { skip: !signedIn || !user });
  const { count, total } = cartSummary(signedIn ? data : undefined);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexShrink: 0 }}>
      {showTotal && (
        <Box component="span" data-testid="cart-total" sx={{ fontWeight: 700, color: brand.ink, fontSize: 15, minWidth: 64, textAlign: 'right' }}>
          {rupees(total)}
        </Box>
      )}
      <IconButton component={Link} to="/cart" aria-label={`Cart, ${count} items`} sx={{ bgcolor: brand.saffronLight, color: brand.saffron, width: 44, height: 44, '&:hover': { bgcolor: '#ffe3cc' } }}>
        <Badge badgeContent={count} color="error" showZero data-testid="cart-count">
          <ShoppingBagOutlinedIcon />
        </Badge>
      </IconButton>
    </Box>
  );
}
