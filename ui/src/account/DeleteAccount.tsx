import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteAccountMutation } from '../api/accountApi.ts';
import { failedBody, shopApi } from '../api/shopApi.ts';
import { errorMessage } from '../api/messages.ts';
import type { User } from '../api/types.ts';
import { signedOut } from '../session/sessionSlice.ts';
import { BusyButton } from '../shared/common.tsx';
import { PasswordField } from '../shared/PasswordField.tsx';
import { useAppDispatch } from '../store/store.ts';
import { notifyError, notifySuccess } from '../store/snackbarSlice.ts';

/**
 * Delete account (the right to erasure): a dialog that says what goes and what stays, and asks for
 * the password. Once the server has forgotten the person, this browser signs out.
 */
export function DeleteAccount({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const titleId = useId();

  const close = () => {
    if (isLoading) return;
    setOpen(false);
    setPassword('');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    if (!password) {
      dispatch(notifyError('Please enter your password'));
      return;
    }
    try {
      const reply = await deleteAccount({ id: user.id, password }).unwrap();
      if (failedBody(reply)) {
        dispatch(notifyError(errorMessage(reply)));
        return;
      }
      // Signed out as the account menu's logout does: the session and per-user caches go, then /signIn.
      dispatch(signedOut());
      dispatch(shopApi.util.invalidateTags(['Cart', 'MyList', 'Orders', 'User']));
      dispatch(notifySuccess('Your account and your personal data have been deleted.'));
      navigate('/signIn');
    } catch (error) {
      dispatch(notifyError(errorMessage(error, 'Your account could not be deleted.')));
    }
  };

  return (
    <Box sx={{ mt: 4, pt: 3, borderTop: '1px solid', borderColor: 'divider' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Delete account
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 640 }}>
        Deletes your account and erases your name, e-mail, phone and addresses from everything the shop keeps. This cannot be undone.
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)} data-testid="delete-account">
        Delete my account
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
        <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Delete account">
          <DialogTitle id={titleId}>Delete your account?</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              Your orders stay on the shop's books without your name; your reviews stay without your name; your account, My List and newsletter subscription go. Enter your password to confirm.
            </DialogContentText>
            <PasswordField label="Password" name="password" value={password} onChange={setPassword} autoComplete="current-password" />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={isLoading}>
              Cancel
            </Button>
            <BusyButton type="submit" color="error" variant="contained" busy={isLoading} busyLabel="Deleting…" data-testid="delete-account-confirm">
              Delete for good
            </BusyButton>
          </DialogActions>
        </Box>
      </Dialog>
    </Box>
  );
}
