import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { useGetPublicConfigQuery, useSignInWithGoogleMutation, type SignInReply } from '../api/accountApi.ts';
import { failedBody } from '../api/shopApi.ts';
import { errorMessage } from '../api/messages.ts';
import { BusyButton } from '../shared/common.tsx';
import { useAppDispatch } from '../store/store.ts';
import { notifyError } from '../store/snackbarSlice.ts';
import { loadScript } from '../shared/loadScript.ts';

const GIS_SRC = 'https://accounts.google.com/gsi/client';

interface GoogleIdentity {
  initialize(options: { client_id: string; callback: (reply: { credential?: string }) => void; ux_mode?: 'popup' }): void;
  renderButton(element: HTMLElement, options: Record<string, unknown>): void;
}

function googleIdentity(): GoogleIdentity | undefined {
  return (window as unknown as { google?: { accounts?: { id?: GoogleIdentity } } }).google?.accounts?.id;
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

/** The green message of a Google sign-in (the original's words), whatever the server's reply says. */
export const GOOGLE_SIGNED_IN = 'User authentication Successfully!';

/** Whether the server offers Google sign-in; undefined until `/api/config/public` answers. */
export function useGoogleSignInEnabled(): boolean | undefined {
  const { data: config, isError } = useGetPublicConfigQuery();
  if (isError) return false;
  return config ? Boolean(config.googleClientId) : undefined;
}

/**
 * Sign in with Google, for a server that has a Google client id (`GET /api/config/public`; the
 * caller shows nothing otherwise). Google Identity Services is loaded (only then) and its button
 * posts the ID token (`credential`) to `/api/user/authWithGoogle`. Should that script not load,
 * our own button asks the server anyway and shows its message.
 */
export function GoogleSignIn({ onSignedIn }: { onSignedIn: (reply: SignInReply & { token: string; user: NonNullable<SignInReply['user']> }) => void }) {
  const dispatch = useAppDispatch();
  const { data: config } = useGetPublicConfigQuery();
  const clientId = config?.googleClientId ?? null;
  const [gisFailed, setGisFailed] = useState(false);
  const holder = useRef<HTMLDivElement>(null);
  const [signInWithGoogle, { isLoading }] = useSignInWithGoogleMutation();

  const send = async (credential?: string) => {
    try {
      const reply = await signInWithGoogle(credential ? { credential } : {}).unwrap();
      if (failedBody(reply) || !reply.token || !reply.user) dispatch(notifyError(errorMessage(reply, 'Google sign-in failed.')));
      else onSignedIn({ ...reply, msg: GOOGLE_SIGNED_IN, token: reply.token, user: reply.user });
    } catch (error) {
      dispatch(notifyError(errorMessage(error, 'Google sign-in failed.')));
    }
  };
  const sendRef = useRef(send);
  sendRef.current = send;

  useEffect(() => {
    const element = holder.current;
    if (!clientId || !element) return;
    let cancelled = false;
    loadScript(GIS_SRC).then(
      () => {
        const gis = googleIdentity();
        if (cancelled) return;
        if (!gis) throw new Error('Google Identity Services did not start');
        gis.initialize({ client_id: clientId, ux_mode: 'popup', callback: (reply) => void sendRef.current(reply.credential) });
        gis.renderButton(element, { theme: 'outline', size: 'large', shape: 'pill', text: 'signin_with', width: Math.min(400, element.offsetWidth || 320) });
      },
      () => {
        if (cancelled) return;
        setGisFailed(true);
        dispatch(notifyError('Google sign-in could not be loaded. Please try again later.'));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [clientId, dispatch]);

  if (clientId && !gisFailed) {
    return <Box ref={holder} data-testid="google-signin" sx={{ minHeight: 44, display: 'flex', justifyContent: 'center' }} />;
  }
  return (
    <BusyButton
      variant="outlined"
      fullWidth
      size="large"
      busy={isLoading}
      busyLabel="Signing in with Google…"
      startIcon={<GoogleMark />}
      onClick={() => void send()}
      data-testid="google-signin"
      sx={{ height: 48, color: 'text.primary', borderColor: 'divider', bgcolor: '#fff', '&:hover': { bgcolor: '#f8f9fd', borderColor: '#c9d1e6' } }}
    >
      Sign in with Google
    </BusyButton>
  );
}
