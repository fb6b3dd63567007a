import Box from '@mui/material/Box';
import { brand } from './theme.ts';

/** Pending orders get a danger badge, every other status a success badge. */
export const statusTone = (status: string): 'danger' | 'success' => (status.trim().toLowerCase() === 'pending' ? 'danger' : 'success');

/** The order status on a red (pending) or green (anything else) badge. */
export function StatusBadge({ status }: { status: string }) {
  const tone = statusTone(status);
  return (
    <Box
      component="span"
      data-testid="order-status"
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
        bgcolor: tone === 'danger' ? brand.red : brand.green,
        whiteSpace: 'nowrap',
      }}
    >
      {status}
    </Box>
  );
}
