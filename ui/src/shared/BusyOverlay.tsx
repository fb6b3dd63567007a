import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * The translucent overlay that covers the screen while a cart change is under way, so no second
 * change starts.
 */
export function BusyOverlay({ open, label = 'Updating your cart' }: { open: boolean; label?: string }) {
  return (
    <Backdrop open={open} data-testid="busy-overlay" aria-busy={open} aria-label={label} sx={{ zIndex: 1250, bgcolor: 'rgba(255,255,255,.55)', backdropFilter: 'blur(1px)' }}>
      <CircularProgress aria-label={label} />
    </Backdrop>
  );
}
