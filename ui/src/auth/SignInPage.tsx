import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useConfirmEmailVerifyMutation, useForgotPasswordMutation, useResendOtpMutation, useSignInMutation } from '../api/accountApi.ts';
import { failedBody } from '../api/shopApi.ts';
import { errorMessage, statusOf } from '../api/messages.ts';
import { BusyButton } from '../shared/common.tsx';
import { useAppDispatch } from '../store/store.ts';
import { notifyError, notifySuccess } from '../store/snackbarSlice.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { startPasswordReset, startVerification } from '../session/authStorage.ts';
import { AuthSwitch } from './AuthSwitch.tsx';
import { PasswordField } from '../shared/PasswordField.tsx';
import { useFinishSignIn } from './useFinishSignIn.ts';
import { carryReturn } from '../session/returnPath.ts';
import { AUTH_MESSAGES, signInProblem } from '../shared/validation.ts';

type Busy = null | 'signIn' | 'forgot' | 'verify' | 'done';

/**
 * /signIn: e-mail and password, Forgot Password, Cancel, Sign Up link, Google. An unverified
 * account turns the form into Verify Email mode (e-mail only), which e-mails a new code and
 * continues on /verifyOTP.
 */
export default function SignInPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const finish = useFinishSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [verifyMode, setVerifyMode] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [signIn] = useSignInMutation();
  const [forgotPassword] = useForgotPasswordMutation();
  const [resendOtp] = useResendOtpMutation();
  const [confirmEmailVerify] = useConfirmEmailVerifyMutation();

  const fail = (message: string) => {
    dispatch(notifyError(message));
    setBusy(null);
  };

  const submitSignIn = async () => {
    const problem = signInProblem({ email, password });
    if (problem) return fail(problem);
    setBusy('signIn');
    try {
      const reply = await signIn({ email: email.trim(), password }).unwrap();
      if (failedBody(reply) || !reply.token || !reply.user) return fail(errorMessage(reply, 'Sign in failed.'));
      setBusy('done');
      finish({ ...reply, token: reply.token, user: reply.user });
    } catch (error) {
      const body = (error as { data?: { isVerify?: boolean } }).data;
      if (body?.isVerify === false) setVerifyMode(true);
      fail(errorMessage(error, 'Sign in failed.'));
    }
  };

  /** Verify Email mode: a new code by e-mail, then the code screen. */
  const submitVerify = async () => {
    const address = email.trim();
    if (!address) return fail(AUTH_MESSAGES.emailBlank);
    setBusy('verify');
    try {
      const reply = await resendOtp({ email: address }).unwrap();
      startVerification(address);
      if (reply.existingUserId) await confirmEmailVerify({ id: reply.existingUserId, email: address }).unwrap().catch(() => undefined);
      dispatch(notifySuccess(reply.message || 'We have sent a new verification code to your e-mail.'));
      setBusy('done');
      void navigate(carryReturn('/verifyOTP', params));
    } catch (error) {
      // 429: a code was e-mailed moments ago and is still good; say so and go and enter it.
      if (statusOf(error) === 429) {
        startVerification(address);
        dispatch(notifyError(errorMessage(error)));
        setBusy('done');
        void navigate(carryReturn('/verifyOTP', params));
        return;
      }
      fail(errorMessage(error, 'The code could not be sent.'));
    }
  };

  const forgot = async () => {
    if (busy) return;
    const address = email.trim();
    if (!address) return fail(AUTH_MESSAGES.forgotEmail);
    setBusy('forgot');
    try {
      const reply = await forgotPassword({ email: address }).unwrap();
      if (failedBody(reply)) return fail(errorMessage(reply));
      startPasswordReset(address);
      dispatch(notifySuccess(reply.message || 'We have sent a code to your e-mail.'));
      setBusy('done');
      void navigate(carryReturn('/verifyOTP', params));
    } catch (error) {
      fail(errorMessage(error, 'The code could not be sent.'));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    void (verifyMode ? submitVerify() : submitSignIn());
  };

  return (
    <AuthLayout
      testId="sign-in-page"
      title={verifyMode ? 'Verify Email' : 'Sign In'}
      subtitle={verifyMode ? 'Your account is not verified yet. We will e-mail you a new 6-digit code.' : 'Welcome back! Sign in to your account.'}
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={verifyMode ? 'Verify email' : 'Sign in'}>
        <Stack spacing={2.25}>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            fullWidth
            autoFocus
            disabled={busy === 'done'}
          />
          {!verifyMode && <PasswordField label="Password" name="password" value={password} onChange={setPassword} autoComplete="current-password" disabled={busy === 'done'} />}
        </Stack>
        {!verifyMode && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Link component="button" type="button" onClick={() => void forgot()} underline="hover" sx={{ fontWeight: 600, fontSize: 14 }} aria-busy={busy === 'forgot' || undefined}>
              {busy === 'forgot' ? 'Sending code…' : 'Forgot Password?'}
            </Link>
          </Box>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, mt: 3 }}>
          <BusyButton
            type="submit"
            variant="contained"
            size="large"
            busy={busy === 'signIn' || busy === 'verify' || busy === 'done'}
            busyLabel={verifyMode ? 'Sending…' : busy === 'done' ? 'Signed in' : 'Signing in…'}
            sx={{ height: 48 }}
            data-testid="sign-in-submit"
          >
            {verifyMode ? 'Verify Email' : 'Sign In'}
          </BusyButton>
          {verifyMode ? (
            <Button variant="outlined" size="large" onClick={() => setVerifyMode(false)} sx={{ height: 48 }} disabled={busy === 'done'}>
              Back
            </Button>
          ) : (
            <Button variant="outlined" size="large" component={RouterLink} to="/" sx={{ height: 48 }}>
              Cancel
            </Button>
          )}
        </Box>
      </Box>
      <AuthSwitch prompt="Not Registered?" linkText="Sign Up" to={carryReturn('/signUp', params)} onGoogleSignedIn={finish} />
    </AuthLayout>
  );
}
