import Box from '@mui/material/Box';
import { ORDER_STATUS_TONES, type OrderStatus, type OrderStatusTone } from '@shop/contracts/order-rules';
import { brand } from './theme.ts';

/**
 * The colour of each tone, white text on each at 4.5:1 or more: pending waits on the shop
 * (amber), confirmed and shipped are on their way (blue), delivered arrived (green), cancelled
 * stopped (grey). The order rules say which status has which tone.
 */
export const TONE_COLOURS: Record<OrderStatusTone, string> = {
  waiting: '#b45309',
  moving: '#1d4ed8',
  arrived: brand.green,
  stopped: '#5f6778',
};

/** A status's tone; a status this storefront does not know yet reads as waiting, never as done. */
export const statusTone = (status: string): OrderStatusTone => ORDER_STATUS_TONES[status.trim().toLowerCase() as OrderStatus] ?? 'waiting';

/** The order status on a badge coloured by what it means (storefront and back office alike). */
export function StatusBadge({ status, testId = 'order-status' }: { status: string; testId?: string }) {
  const tone = statusTone(status);
  return (
    <Box
      component="span"
      data-testid={testId}
      data-tone={tone}
      sx={{
        display: 'inline-block',
        px: 1.25,
        py: 0.4,
        borderRadius: 999,
        fontSize: 12.5,
        fontWeight: 800,
        textTransform: 'capitalize',
        color: '#fff',
        bgcolor: TONE_COLOURS[tone],
        whiteSpace: 'nowrap',
      }}
    >
      {status}
    </Box>
  );
}
