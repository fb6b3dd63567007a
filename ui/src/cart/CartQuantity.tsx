import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { brand } from '../shared/theme.ts';

/**
 * − value + of a cart line: minus stops at 1; plus past countInStock is refused with the stock
 * message (`onTooMany`) instead of being disabled, so the shopper learns why.
 */
export function CartQuantity({
  value,
  countInStock,
  onChange,
  onTooMany,
  disabled,
  label,
}: {
  value: number;
  countInStock: number;
  onChange: (value: number) => void;
  onTooMany: () => void;
  disabled: boolean;
  label: string;
}) {
  return (
    <Box role="group" aria-label={`Quantity of ${label}`} sx={{ display: 'inline-flex', alignItems: 'center', border: `1px solid ${brand.line}`, borderRadius: 999, height: 40, px: 0.25, bgcolor: '#fff' }}>
      <IconButton size="small" aria-label={`Decrease quantity of ${label}`} disabled={disabled || value <= 1} onClick={() => onChange(value - 1)}>
        <RemoveIcon fontSize="small" />
      </IconButton>
      <Box component="output" aria-live="polite" data-testid="cart-quantity" sx={{ minWidth: 30, textAlign: 'center', fontWeight: 700 }}>
        {value}
      </Box>
      <IconButton
        size="small"
        aria-label={`Increase quantity of ${label}`}
        disabled={disabled}
        onClick={() => (value + 1 > Number(countInStock) ? onTooMany() : onChange(value + 1))}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
