import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_MS } from '../shared/constants.ts';
import { useAppDispatch, useAppSelector } from '../store/store.ts';
import { dismissed } from '../store/snackbarSlice.ts';

/** The one alert: shown 6 s, green for success, red for error. */
export default function SnackbarView() {
  const { open, message, severity, key } = useAppSelector((s) => s.snackbar);
  const dispatch = useAppDispatch();
  return (
    <Snackbar
      key={key}
      open={open}
      autoHideDuration={SNACKBAR_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') dispatch(dismissed());
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      sx={{ bottom: { xs: 80, md: 24 } }}
    >
      <Alert variant="filled" severity={severity} onClose={() => dispatch(dismissed())} data-testid="snackbar" sx={{ minWidth: 280, fontWeight: 600 }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
