import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { variantLabel } from '@shop/contracts/product-variants';
import { useParams } from 'react-router';
import { deliveryPartyOf, partyLines } from '@shop/contracts/order-statement';
import { LoadError } from '../shared/common.tsx';
import { useGetAdminOrderQuery } from './adminApi.ts';

/**
 * The packing slip to print and put in the parcel: who it goes to, what is in it, and a gift's
 * message and wrap. It shows no prices, so a gift does not tell the recipient what it cost.
 */
export function PackingSlipPage() {
  const { id = '' } = useParams();
  const order = useGetAdminOrderQuery(id);
  if (order.error) return <LoadError error={order.error} onRetry={() => void order.refetch()} />;
  if (!order.data) return null;
  const o = order.data;
  return (
    <Box data-testid="packing-slip" sx={{ maxWidth: 720, mx: 'auto', p: 3, '@media print': { p: 0, '& .no-print': { display: 'none' } } }}>
      <Box className="no-print" sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" startIcon={<PrintOutlinedIcon />} onClick={() => window.print()}>
          Print
        </Button>
      </Box>
      <Typography variant="h1" sx={{ fontSize: 22, fontWeight: 800, mb: 0.5 }}>
        Packing slip
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>Order {o.id}</Typography>
      <Typography sx={{ fontWeight: 700 }}>Deliver to</Typography>
      <Box data-testid="slip-address" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
        {[...partyLines(deliveryPartyOf(o)), deliveryPartyOf(o).phoneNumber].join('\n')}
      </Box>
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', mb: 2, '& td, & th': { borderBottom: '1px solid #ddd', textAlign: 'left', py: 0.75 } }}>
        <thead>
          <tr>
            <th>Item</th>
            <th>Qty</th>
          </tr>
        </thead>
        <tbody>
          {o.products.map((line) => (
            <tr key={line.lineId} data-testid="slip-line">
              <td>
                {line.productTitle}
                {variantLabel(line) && <Box sx={{ color: 'text.secondary', fontSize: 13 }}>{variantLabel(line)}</Box>}
              </td>
              <td>{line.quantity}</td>
            </tr>
          ))}
        </tbody>
      </Box>
      {o.gift?.wrap && <Typography data-testid="slip-wrap" sx={{ fontWeight: 700 }}>Gift wrap this parcel</Typography>}
      {o.gift?.message && (
        <Box data-testid="slip-message" sx={{ mt: 2, p: 2, border: '1px dashed #999', borderRadius: 2, whiteSpace: 'pre-wrap', fontStyle: 'italic' }}>
          {o.gift.message}
        </Box>
      )}
    </Box>
  );
}
