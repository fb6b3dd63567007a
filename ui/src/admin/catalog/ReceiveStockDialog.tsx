import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { stockReceiptInput, type AdminProductRow } from '@shop/contracts/admin-api';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/messages.ts';
import { BusyButton } from '../../shared/common.tsx';
import { notifyError, notifySuccess } from '../../store/snackbarSlice.ts';
import { useAppDispatch } from '../../store/store.ts';
import { useReceiveStockMutation } from './catalogAdminApi.ts';
import { numberOrText, validate } from './formErrors.ts';

/**
 * `POST /api/admin/products/:id/stock`: a receipt adds to the stock (the server never sets it).
 * Opened from the products list and from the dashboard's "low on stock".
 */
export function ReceiveStockDialog({ product, onClose }: { product: Pick<AdminProductRow, 'id' | 'name' | 'countInStock'>; onClose: () => void }) {
  const [quantity, setQuantity] = useState('');
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
      await receive({ id: product.id, quantity: checked.data.quantity }).unwrap();
      dispatch(notifySuccess(`Received ${checked.data.quantity} of ${product.name}`));
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
            {product.name}: {product.countInStock} in stock now.
          </Typography>
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
