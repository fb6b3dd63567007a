import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { GoogleSignIn, useGoogleSignInEnabled } from './GoogleSignIn.tsx';

/**
 * The foot of the sign-in and sign-up forms: the link to the other form, then Google sign-in when
 * the server has it on (a button that can only fail is not offered).
 */
export function AuthSwitch({
  prompt,
  linkText,
  to,
  onGoogleSignedIn,
}: {
  prompt: string;
  linkText: string;
  to: string;
  onGoogleSignedIn: Parameters<typeof GoogleSignIn>[0]['onSignedIn'];
}) {
  const google = useGoogleSignInEnabled();
  return (
    <>
      <Typography sx={{ mt: 3, textAlign: 'center', fontSize: 14.5 }}>
        {prompt}{' '}
        <Link component={RouterLink} to={to} sx={{ fontWeight: 700 }}>
          {linkText}
        </Link>
      </Typography>
      {google && (
        <>
          <Divider sx={{ my: 3, fontSize: 13, color: 'text.secondary' }}>Or continue with social account</Divider>
          <GoogleSignIn onSignedIn={onGoogleSignedIn} />
        </>
      )}
    </>
  );
}
