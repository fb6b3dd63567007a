import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { carryReturn } from '../session/returnPath.ts';
import { useForgotPasswordMutation, useResendOtpMutation, useVerifyEmailMutation } from '../api/accountApi.ts';
import { failedBody } from '../api/shopApi.ts';
import { errorMessage } from '../api/messages.ts';
import { BusyButton } from '../shared/common.tsx';
import { brand } from '../shared/theme.ts';
import { useAppDispatch } from '../store/store.ts';
import { notifyError, notifySuccess } from '../store/snackbarSlice.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { CHANGE_PASSWORD, finishCodeFlow, keepResetToken, readActionType, readPendingEmail } from '../session/authStorage.ts';
import { emptyOtp, OtpBoxes } from './OtpBoxes.tsx';
import { AUTH_MESSAGES } from '../shared/validation.ts';

/**
 * /verifyOTP: the six-digit code e-mailed to `userEmail`. A verified sign-up goes on to /signIn;
 * during a password reset (`actionType=changePassword`) to /changePassword.
 */
export default function VerifyOtpPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email] = useState(readPendingEmail);
  const [resetting] = useState(() => readActionType() === CHANGE_PASSWORD);
  const [digits, setDigits] = useState(emptyOtp);
  const [busy, setBusy] = useState<null | 'verify' | 'resend' | 'done'>(null);
  const [verifyEmail] = useVerifyEmailMutation();
  const [resendOtp] = useResendOtpMutation();
  const [forgotPassword] = useForgotPasswordMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const otp = digits.join('');
    if (!otp) {
      dispatch(notifyError(AUTH_MESSAGES.otpBlank));
      return;
    }
    setBusy('verify');
    try {
      const reply = await verifyEmail({ otp, email }).unwrap();
      if (failedBody(reply)) throw { data: reply };
      dispatch(notifySuccess(reply.message || 'OTP verified successfully'));
      setBusy('done');
      if (resetting) {
        keepResetToken(reply.resetToken);
        void navigate('/changePassword');
      } else {
        finishCodeFlow();
        void navigate(carryReturn('/signIn', params));
      }
    } catch (error) {
      dispatch(notifyError(errorMessage(error, 'The code could not be verified.')));
      setBusy(null);
    }
  };

  const resend = async () => {
    if (busy) return;
    setBusy('resend');
    try {
      const reply = resetting ? await forgotPassword({ email }).unwrap() : await resendOtp({ email }).unwrap();
      dispatch(notifySuccess(reply.message || 'We have sent you a new code.'));
      setDigits(emptyOtp());
    } catch (error) {
      dispatch(notifyError(errorMessage(error, 'The code could not be sent.')));
    }
    setBusy(null);
  };

  return (
    <AuthLayout
      testId="verify-otp-page"
      title="Verify OTP"
      subtitle={
        email ? (
          <>
            OTP has been sent to <Box component="strong" sx={{ color: 'text.primary' }} data-testid="otp-email">{email}</Box>
          </>
        ) : undefined
      }
    >
      {!email ? (
        <Box sx={{ textAlign: 'center' }}>
          <Alert severity="info" sx={{ textAlign: 'left' }}>
            There is no code waiting to be verified in this browser. Sign up, or sign in to get a new code.
          </Alert>
          <Typography sx={{ mt: 3, fontSize: 14.5 }}>
            <Link component={RouterLink} to={carryReturn('/signIn', params)} sx={{ fontWeight: 700 }}>
              Sign In
            </Link>{' '}
            ·{' '}
            <Link component={RouterLink} to={carryReturn('/signUp', params)} sx={{ fontWeight: 700 }}>
              Sign Up
            </Link>
          </Typography>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Verify one-time code">
          <Box sx={{ textAlign: 'center', mb: 2.5 }}>
            <Box aria-hidden="true" sx={{ display: 'inline-flex', width: 64, height: 64, borderRadius: '50%', bgcolor: brand.saffronLight, color: brand.saffron, alignItems: 'center', justifyContent: 'center' }}>
              <MarkEmailReadOutlinedIcon sx={{ fontSize: 32 }} />
            </Box>
            <Typography sx={{ mt: 1.5, fontSize: 14, color: 'text.secondary' }}>{resetting ? 'Enter the code to choose a new password.' : 'Enter the code to verify your e-mail.'}</Typography>
          </Box>
          <OtpBoxes value={digits} onChange={setDigits} disabled={busy === 'verify' || busy === 'done'} />
          <BusyButton type="submit" variant="contained" size="large" fullWidth busy={busy === 'verify' || busy === 'done'} busyLabel="Verifying…" sx={{ height: 48, mt: 3 }} data-testid="verify-otp-submit">
            Verify OTP
          </BusyButton>
          <Typography sx={{ mt: 2.5, textAlign: 'center', fontSize: 14.5, color: 'text.secondary' }}>
            Didn&apos;t get the code?{' '}
            <Link component="button" type="button" onClick={() => void resend()} sx={{ fontWeight: 700, verticalAlign: 'baseline' }} aria-busy={busy === 'resend' || undefined}>
              {busy === 'resend' ? 'Sending…' : 'Resend OTP'}
            </Link>
          </Typography>
        </Box>
      )}
    </AuthLayout>
  );
}
