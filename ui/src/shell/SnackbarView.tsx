import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { Link as RouterLink } from 'react-router';
import { SNACKBAR_MS } from '../shared/constants.ts';
import { useAppDispatch, useAppSelector } from '../store/store.ts';
import { dismissed } from '../store/snackbarSlice.ts';

/** The one alert: shown 6 s, green for success, red for error (with a Sign in link when it needs one). */
export default function SnackbarView() {
  const { open, message, severity, key, signIn } = useAppSelector((s) => s.snackbar);
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
        {signIn && (
          // A message that needs a sign-in is no dead end: the link signs in and comes back here.
          <Button component={RouterLink} to={signIn} onClick={() => dispatch(dismissed())} color="inherit" size="small" variant="outlined" sx={{ ml: 1.5, py: 0, fontWeight: 700 }} data-testid="snackbar-sign-in">
            Sign in
          </Button>
        )}
      </Alert>
    </Snackbar>
  );
}
