import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../api/messages.ts';
import { brand } from './theme.ts';
import { useAppDispatch } from '../store/store.ts';
import { notifyError } from '../store/snackbarSlice.ts';

/** A button that shows a spinner and a busy label while its call runs (and cannot be pressed twice). */
export function BusyButton({ busy, busyLabel, children, startIcon, disabled, ...props }: ButtonProps & { busy: boolean; busyLabel?: string }) {
  return (
    <Button
      {...props}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : startIcon}
    >
      {busy && busyLabel ? busyLabel : children}
    </Button>
  );
}

/** The page frame of the signed-in screens: breadcrumb, heading, a line under it, then the content. */
export function PageFrame({ title, subtitle, children, testId, maxWidth = 'xl' }: { title: string; subtitle?: ReactNode; children: ReactNode; testId?: string; maxWidth?: 'lg' | 'xl' }) {
  return (
    <Container maxWidth={maxWidth} sx={{ pt: 3, pb: { xs: 4, md: 6 } }} data-testid={testId}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ fontSize: 13.5, mb: 2 }}>
        <Box component={Link} to="/" sx={{ color: 'text.secondary', textDecoration: 'none' }}>
          Home
        </Box>
        <Box component="span" sx={{ color: brand.ink }}>
          {title}
        </Box>
      </Breadcrumbs>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '1.9rem' } }}>
        {title}
      </Typography>
      {subtitle !== undefined && (
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }} data-testid="page-subtitle">
          {subtitle}
        </Typography>
      )}
      {subtitle === undefined && <Box sx={{ mb: 3 }} />}
      {children}
    </Container>
  );
}

/** A white, rounded panel like the product page's. */
export function Panel({ children, sx, ...rest }: { children: ReactNode; sx?: object; 'data-testid'?: string; component?: 'section' | 'div' | 'aside' | 'form'; 'aria-label'?: string }) {
  return (
    <Box {...rest} sx={{ bgcolor: '#fff', border: `1px solid ${brand.line}`, borderRadius: 4, ...sx }}>
      {children}
    </Box>
  );
}

/** A titled section in a panel (an order's items, status, address; the back office's order page). */
export function SectionPanel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Panel component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 } }} data-testid={testId}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Panel>
  );
}

/** An empty list: icon, message, Continue Shopping. */
export function EmptyState({ icon, message, hint, testId }: { icon: ReactNode; message: string; hint?: string; testId?: string }) {
  return (
    <Panel sx={{ py: { xs: 6, md: 9 }, px: 3, textAlign: 'center' }} data-testid={testId}>
      <Box sx={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: 96, height: 96, borderRadius: '50%', bgcolor: brand.saffronLight, color: brand.saffron, mb: 2, '& svg': { fontSize: 48 } }}>
        {icon}
      </Box>
      <Typography variant="h2" component="p" sx={{ fontSize: { xs: '1.25rem', md: '1.45rem' } }}>
        {message}
      </Typography>
      {hint && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {hint}
        </Typography>
      )}
      <Button component={Link} to="/" variant="contained" size="large" sx={{ mt: 3, px: 4 }}>
        Continue Shopping
      </Button>
    </Panel>
  );
}

/** A failed load: the server's message and a retry, never a blank screen. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Panel sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }} data-testid="load-error">
      <ErrorOutlineIcon sx={{ fontSize: 44, color: brand.red }} />
      <Alert severity="error" variant="outlined" sx={{ mt: 2, textAlign: 'left', display: 'inline-flex', maxWidth: 560 }}>
        {errorMessage(error, 'This page could not be loaded.')}
      </Alert>
      <Box>
        <Button variant="contained" onClick={onRetry} sx={{ mt: 3 }}>
          Try again
        </Button>
      </Box>
    </Panel>
  );
}

/** Shows a failed query's message in the red snackbar once per failure. */
export function useErrorNotice(error: unknown): void {
  const dispatch = useAppDispatch();
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    dispatch(notifyError(errorMessage(error)));
  }, [error, dispatch]);
}
