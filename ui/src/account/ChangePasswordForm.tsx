import Box from '@mui/material/Box';
import { useState, type FormEvent } from 'react';
import { useChangePasswordMutation } from '../api/accountApi.ts';
import { failedBody } from '../api/shopApi.ts';
import { errorMessage } from '../api/messages.ts';
import type { User } from '../api/types.ts';
import { PasswordField } from '../shared/PasswordField.tsx';
import { useAppDispatch } from '../store/store.ts';
import { notifyError, notifySuccess } from '../store/snackbarSlice.ts';
import { BusyButton } from '../shared/common.tsx';
import { ACCOUNT_MESSAGES, passwordChangeProblem } from './validation.ts';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Change Password: old, new and confirmation; the server's `{ error, msg }` is shown in red. */
export function ChangePasswordForm({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const [form, setForm] = useState(EMPTY);
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const set = (field: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const problem = passwordChangeProblem(form);
    if (problem) {
      dispatch(notifyError(problem));
      return;
    }
    try {
      const reply = await changePassword({
        id: user.id,
        name: user.name,
        email: user.email,
        phone: user.phone,
        images: user.images,
        password: form.oldPassword,
        newPass: form.newPassword,
        confirmPass: form.confirmPassword,
      }).unwrap();
      if (failedBody(reply)) {
        dispatch(notifyError(errorMessage(reply)));
        return;
      }
      setForm(EMPTY);
      dispatch(notifySuccess(ACCOUNT_MESSAGES.passwordChanged));
    } catch (error) {
      dispatch(notifyError(errorMessage(error, 'Your password could not be changed.')));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Change password" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: 2.25, maxWidth: 960 }}>
      <PasswordField label="Old Password" name="oldPassword" value={form.oldPassword} onChange={set('oldPassword')} autoComplete="current-password" />
      <PasswordField label="New password" name="newPassword" value={form.newPassword} onChange={set('newPassword')} autoComplete="new-password" helperText={ACCOUNT_MESSAGES.passwordRule} />
      <PasswordField label="Confirm Password" name="confirmPassword" value={form.confirmPassword} onChange={set('confirmPassword')} autoComplete="new-password" />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <BusyButton type="submit" variant="contained" size="large" busy={isLoading} busyLabel="Saving…" sx={{ height: 48, px: 5 }} data-testid="password-save">
          Save
        </BusyButton>
      </Box>
    </Box>
  );
}
