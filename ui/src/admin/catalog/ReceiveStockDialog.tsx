import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { stockReceiptInput, type AdminProductRow } from '@shop/contracts/admin-api';
import { variantLabel } from '@shop/contracts/product-variants';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/messages.ts';
import { BusyButton } from '../../shared/common.tsx';
import { notifyError, notifySuccess } from '../../store/snackbarSlice.ts';
import { useAppDispatch } from '../../store/store.ts';
import { useReceiveStockMutation } from './catalogAdminApi.ts';
import { numberOrText, validate } from './formErrors.ts';

/**
 * `POST /api/admin/products/:id/stock`: a receipt adds to the stock (the server never sets it).
 * Opened from the products list and from the dashboard's "low on stock". A product sold as
 * variants receives stock for one of them (its SKU), chosen here.
 */
/** What the dialog needs of a product: the products list's row and the dashboard's low-stock row both have it (variants in the order to offer them). */
type Receivable = Pick<AdminProductRow, 'id' | 'name' | 'countInStock'> & { variants?: Pick<NonNullable<AdminProductRow['variants']>[number], 'sku' | 'options' | 'countInStock'>[] };

export function ReceiveStockDialog({ product, onClose }: { product: Receivable; onClose: () => void }) {
  const [quantity, setQuantity] = useState('');
  const variants = product.variants ?? [];
  const [sku, setSku] = useState(variants[0]?.sku ?? '');
  const variant = variants.find((v) => v.sku === sku);
  const [error, setError] = useState<string>();
  const [receive, { isLoading }] = useReceiveStockMutation();
  const dispatch = useAppDispatch();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(stockReceiptInput, { quantity: numberOrText(quantity) });
    if (checked.errors) {
      setError(checked.errors.quantity);
      return;
    }
    try {
      await receive({ id: product.id, quantity: checked.data.quantity, ...(variant ? { sku: variant.sku } : {}) }).unwrap();
      dispatch(notifySuccess(`Received ${checked.data.quantity} of ${product.name}${variant ? ` (${variantLabel(variant.options)})` : ''}`));
      onClose();
    } catch (err) {
      dispatch(notifyError(errorMessage(err, 'The stock could not be received.')));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="receive-stock-title">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="receive-stock-title">Receive stock</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {product.name}
            {variant ? ` (${variantLabel(variant.options)}): ${variant.countInStock}` : `: ${product.countInStock}`} in stock now.
          </Typography>
          {variants.length > 0 && (
            <TextField select fullWidth label="Variant received" value={sku} onChange={(e) => setSku(e.target.value)} sx={{ mb: 2 }} slotProps={{ select: { native: true } }}>
              {variants.map((v) => (
                <option key={v.sku} value={v.sku}>
                  {`${variantLabel(v.options)} · ${v.sku} · ${v.countInStock} in stock`}
                </option>
              ))}
            </TextField>
          )}
          <TextField
            autoFocus
            fullWidth
            label="Quantity received"
            value={quantity}
            onChange={(e) => {
              setQuantity(e.target.value);
              setError(undefined);
            }}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <BusyButton type="submit" variant="contained" busy={isLoading} busyLabel="Saving…">
            Add to stock
          </BusyButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
