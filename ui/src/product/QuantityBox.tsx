import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { brand } from '../shared/theme.ts';
import { decrement, increment, maxQuantity } from './quantity.ts';

/** − value + : minus stops at 1, plus stops at countInStock. */
export function QuantityBox({ value, countInStock, onChange }: { value: number; countInStock: number; onChange: (value: number) => void }) {
  const max = maxQuantity(countInStock);
  return (
    <Box role="group" aria-label="Quantity" sx={{ display: 'inline-flex', alignItems: 'center', border: `1px solid ${brand.line}`, borderRadius: 999, height: 46, px: 0.5, bgcolor: '#fff' }}>
      <IconButton size="small" aria-label="Decrease quantity" disabled={value <= 1} onClick={() => onChange(decrement(value, countInStock))}>
        <RemoveIcon fontSize="small" />
      </IconButton>
      <Box component="output" aria-live="polite" data-testid="quantity" sx={{ minWidth: 36, textAlign: 'center', fontWeight: 700 }}>
        {value}
      </Box>
      <IconButton size="small" aria-label="Increase quantity" disabled={value >= max} onClick={() => onChange(increment(value, countInStock))}>
        <AddIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
