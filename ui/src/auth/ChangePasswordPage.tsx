import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useResetPasswordMutation } from '../api/accountApi.ts';
import { failedBody } from '../api/shopApi.ts';
import { errorMessage } from '../api/messages.ts';
import { BusyButton } from '../shared/common.tsx';
import { useAppDispatch } from '../store/store.ts';
import { notifyError, notifySuccess } from '../store/snackbarSlice.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { finishCodeFlow, readPendingEmail, readResetToken } from '../session/authStorage.ts';
import { PasswordField } from '../shared/PasswordField.tsx';
import { resetProblem } from '../shared/validation.ts';

/** /changePassword: a new password (plain text, typed twice) for the e-mail whose reset code was verified. */
export default function ChangePasswordPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [email] = useState(readPendingEmail);
  const [newPass, setNewPass] = useState('');
  const [confirmPass, setConfirmPass] = useState('');
  const [busy, setBusy] = useState(false);
  const [resetPassword] = useResetPasswordMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = resetProblem({ newPass, confirmPass });
    if (problem) {
      dispatch(notifyError(problem));
      return;
    }
    setBusy(true);
    try {
      const reply = await resetPassword({ email, newPass, confirmPass, resetToken: readResetToken() }).unwrap();
      if (failedBody(reply)) throw { data: reply };
      finishCodeFlow();
      dispatch(notifySuccess(reply.message || 'Your password has been changed. Please sign in.'));
      void navigate('/signIn');
    } catch (error) {
      dispatch(notifyError(errorMessage(error, 'The password could not be changed.')));
      setBusy(false);
    }
  };

  return (
    <AuthLayout testId="change-password-page" title="Change Password" subtitle={email ? `Choose a new password for ${email}` : undefined}>
      {!email ? (
        <Box sx={{ textAlign: 'center' }}>
          <Alert severity="info" sx={{ textAlign: 'left' }}>
            Start from Forgot Password on the sign-in screen: we e-mail you a code first.
          </Alert>
          <Link component={RouterLink} to="/signIn" sx={{ display: 'inline-block', mt: 3, fontWeight: 700 }}>
            Back to Sign In
          </Link>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Choose a new password">
          <Stack spacing={2.25}>
            <PasswordField label="New Password" name="newPass" value={newPass} onChange={setNewPass} autoComplete="new-password" plain autoFocus />
            <PasswordField label="Confirm Password" name="confirmPass" value={confirmPass} onChange={setConfirmPass} autoComplete="new-password" plain />
          </Stack>
          <Typography sx={{ fontSize: 12.5, color: 'text.secondary', mt: 1, ml: 1.5 }}>At least 8 characters.</Typography>
          <BusyButton type="submit" variant="contained" size="large" fullWidth busy={busy} busyLabel="Saving…" sx={{ height: 48, mt: 3 }} data-testid="change-password-submit">
            Change Password
          </BusyButton>
        </Box>
      )}
    </AuthLayout>
  );
}
