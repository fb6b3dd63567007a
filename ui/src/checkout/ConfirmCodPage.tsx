import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../api/messages.ts';
import { BusyButton, PageFrame, Panel } from '../shared/common.tsx';
import { rupees } from '../shared/format.ts';
import { useConfirmCodOrderMutation } from './checkoutApi.ts';

/**
 * /orders/:id/confirm-cod?code=…: the link in a cash-on-delivery order's e-mail. It asks before it
 * confirms, so a mail scanner that opens the link confirms nothing; no sign-in needed (the code is
 * the proof, and the e-mail may be read on another device).
 */
export default function ConfirmCodPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [confirm, { data: order, error, isLoading }] = useConfirmCodOrderMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isLoading) void confirm({ orderId: id, code: code.trim() });
  };

  return (
    <PageFrame title="Confirm your order" subtitle="Cash on delivery" testId="confirm-cod-page" maxWidth="lg">
      <Panel sx={{ p: { xs: 2.5, md: 4 }, maxWidth: 520 }}>
        {order ? (
          <Alert severity="success" data-testid="cod-confirmed">
            Thank you: order {order.id} is confirmed. Please keep {rupees(order.amount)} in cash ready for the courier. <Link to="/orders">Your orders</Link>
          </Alert>
        ) : (
          <Box component="form" onSubmit={submit} aria-label="Confirm cash on delivery">
            <Typography sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2 }}>
              <LocalShippingOutlinedIcon aria-hidden="true" /> Order {id}: confirm that you want it delivered and will pay in cash.
            </Typography>
            <TextField label="Confirmation code (from the e-mail)" name="code" value={code} onChange={(e) => setCode(e.target.value)} fullWidth required sx={{ mb: 2 }} />
            {error && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {errorMessage(error, 'The order could not be confirmed.')}
              </Alert>
            )}
            <BusyButton type="submit" variant="contained" busy={isLoading} data-testid="confirm-cod">
              Confirm my order
            </BusyButton>
          </Box>
        )}
      </Panel>
    </PageFrame>
  );
}
