import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { carryReturn } from '../session/returnPath.ts';
import { useSignUpMutation } from '../api/accountApi.ts';
import { failedBody } from '../api/shopApi.ts';
import { errorMessage } from '../api/messages.ts';
import { BusyButton } from '../shared/common.tsx';
import { useAppDispatch } from '../store/store.ts';
import { notifyError, notifySuccess } from '../store/snackbarSlice.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { startVerification } from '../session/authStorage.ts';
import { AuthSwitch } from './AuthSwitch.tsx';
import { PasswordField } from '../shared/PasswordField.tsx';
import { REDIRECT_MS, useFinishSignIn, useLater } from './useFinishSignIn.ts';
import { phoneInput, signUpProblem } from '../shared/validation.ts';

/** /signUp: name, phone, e-mail, password; the code is e-mailed, /verifyOTP follows after 2 s. */
export default function SignUpPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const later = useLater();
  const finishGoogle = useFinishSignIn();
  const [form, setForm] = useState({ name: '', phone: '', email: '', password: '' });
  const [busy, setBusy] = useState<null | 'sending' | 'done'>(null);
  const [signUp] = useSignUpMutation();
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = signUpProblem(form);
    if (problem) {
      dispatch(notifyError(problem));
      return;
    }
    setBusy('sending');
    try {
      const email = form.email.trim();
      const reply = await signUp({ name: form.name.trim(), email, phone: form.phone.trim(), password: form.password, isAdmin: false }).unwrap();
      if (failedBody(reply)) {
        dispatch(notifyError(errorMessage(reply, 'Sign up failed.')));
        setBusy(null);
        return;
      }
      startVerification(email);
      dispatch(notifySuccess(reply.message || 'Account created. We have sent a verification code to your e-mail.'));
      setBusy('done');
      later(() => void navigate(carryReturn('/verifyOTP', params)), REDIRECT_MS);
    } catch (error) {
      dispatch(notifyError(errorMessage(error, 'Sign up failed.')));
      setBusy(null);
    }
  };

  const locked = busy === 'done';
  return (
    <AuthLayout testId="sign-up-page" title="Sign Up" subtitle="Create your account to shop, save to My List and track orders." wide>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Sign up">
        <Stack spacing={2.25}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.25 }}>
            <TextField label="Name" name="name" autoComplete="name" value={form.name} onChange={(e) => set('name')(e.target.value)} required fullWidth autoFocus disabled={locked} />
            <TextField
              label="Phone No."
              name="phone"
              type="tel"
              autoComplete="tel"
              value={form.phone}
              onChange={(e) => set('phone')(phoneInput(e.target.value))}
              required
              fullWidth
              disabled={locked}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
            />
          </Box>
          <TextField label="Email" name="email" type="email" autoComplete="email" value={form.email} onChange={(e) => set('email')(e.target.value)} required fullWidth disabled={locked} />
          <Box>
            <PasswordField label="Password" name="password" value={form.password} onChange={set('password')} autoComplete="new-password" disabled={locked} />
            <Typography sx={{ fontSize: 12.5, color: 'text.secondary', mt: 0.75, ml: 1.5 }}>At least 8 characters.</Typography>
          </Box>
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, mt: 3 }}>
          <BusyButton type="submit" variant="contained" size="large" busy={busy !== null} busyLabel={locked ? 'Account created' : 'Signing up…'} sx={{ height: 48 }} data-testid="sign-up-submit">
            Sign Up
          </BusyButton>
          <Button variant="outlined" size="large" component={RouterLink} to="/" sx={{ height: 48 }}>
            Cancel
          </Button>
        </Box>
      </Box>
      <AuthSwitch prompt="Already Registered?" linkText="Sign In" to={carryReturn('/signIn', params)} onGoogleSignedIn={finishGoogle} />
    </AuthLayout>
  );
}
