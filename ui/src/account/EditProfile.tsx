import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useDeleteAllImagesMutation, useSaveProfileMutation, useUploadImagesMutation } from '../api/accountApi.ts';
import { errorMessage } from '../api/messages.ts';
import type { User } from '../api/types.ts';
import { brand } from '../shared/theme.ts';
import { sessionUserOf } from '../session/authStorage.ts';
import { phoneInput } from '../shared/validation.ts';
import { useSession } from '../session/hooks.ts';
import { signedIn } from '../session/sessionSlice.ts';
import { useAppDispatch } from '../store/store.ts';
import { notifyError, notifySuccess } from '../store/snackbarSlice.ts';
import { BusyButton } from '../shared/common.tsx';
import { ACCOUNT_MESSAGES, isAcceptedImage, profileProblem } from './validation.ts';

/**
 * Edit Profile: avatar pictures (several at once, uploaded at once to `POST /api/user/upload`),
 * name, e-mail (read-only), phone; Save sends them to `PUT /api/user/{id}`.
 */
export function EditProfile({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const { token } = useSession();
  const [form, setForm] = useState({ name: user.name, phone: user.phone ?? '' });
  const [images, setImages] = useState<string[]>(user.images ?? []);
  const fileInput = useRef<HTMLInputElement>(null);
  const [upload, { isLoading: uploading }] = useUploadImagesMutation();
  const [saveProfile, { isLoading: saving }] = useSaveProfileMutation();
  const [deleteAllImages] = useDeleteAllImagesMutation();

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    if (!files.every(isAcceptedImage)) {
      dispatch(notifyError(ACCOUNT_MESSAGES.badImage));
      return;
    }
    const body = new FormData();
    for (const file of files) body.append('images', file);
    try {
      const urls = await upload(body).unwrap();
      if (!Array.isArray(urls) || urls.length === 0) throw new Error('No image was stored.');
      setImages(urls);
      dispatch(notifySuccess(ACCOUNT_MESSAGES.uploaded));
    } catch (error) {
      dispatch(notifyError(errorMessage(error, 'The pictures could not be uploaded.')));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || uploading) return;
    const problem = profileProblem({ ...form, email: user.email, images });
    if (problem) {
      dispatch(notifyError(problem));
      return;
    }
    try {
      const saved = await saveProfile({ id: user.id, name: form.name.trim(), email: user.email, phone: form.phone.trim(), images }).unwrap();
      dispatch(notifySuccess(ACCOUNT_MESSAGES.updated));
      if (token) dispatch(signedIn({ token, user: sessionUserOf(saved) }));
      // Upload records not used by the profile are no longer needed (best effort, silent).
      void deleteAllImages().unwrap().catch(() => undefined);
    } catch (error) {
      dispatch(notifyError(errorMessage(error, 'Your profile could not be saved.')));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Edit profile" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' }, gap: { xs: 3, md: 5 } }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center' }}>
        <Box sx={{ position: 'relative' }}>
          <Avatar
            src={images[0]}
            alt={form.name || user.name}
            data-testid="profile-avatar"
            sx={{ width: 140, height: 140, fontSize: 52, fontWeight: 800, bgcolor: brand.indigoLight, color: brand.indigo, border: `4px solid #fff`, boxShadow: '0 10px 30px rgba(20,42,102,.15)' }}
          >
            {(form.name || user.name).slice(0, 1).toUpperCase()}
          </Avatar>
          {uploading && (
            <Box sx={{ position: 'absolute', inset: 0, borderRadius: '50%', bgcolor: 'rgba(255,255,255,.7)', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              <CircularProgress aria-label="Uploading pictures" />
            </Box>
          )}
        </Box>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/jpg,image/png,image/webp"
          multiple
          hidden
          onChange={(e) => void onFiles(e)}
          data-testid="avatar-input"
          aria-label="Choose profile pictures"
        />
        <Button variant="outlined" startIcon={<CloudUploadOutlinedIcon />} onClick={() => fileInput.current?.click()} disabled={uploading} sx={{ mt: 2 }} aria-busy={uploading || undefined}>
          {uploading ? 'Uploading…' : 'Upload photos'}
        </Button>
        <Typography sx={{ fontSize: 12.5, color: 'text.secondary', mt: 1 }}>JPG, PNG or WebP, up to 5 MB each.</Typography>
        {images.length > 1 && (
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', justifyContent: 'center' }} data-testid="avatar-previews">
            {images.map((src, i) => (
              <Box key={src} component="img" src={src} alt={`Uploaded picture ${i + 1}`} sx={{ width: 48, height: 48, borderRadius: 2, objectFit: 'cover', border: `2px solid ${i === 0 ? brand.indigo : brand.line}` }} />
            ))}
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.25, alignContent: 'start' }}>
        <TextField label="Name" name="name" autoComplete="name" value={form.name} onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))} required fullWidth sx={{ gridColumn: '1 / -1' }} />
        <TextField
          label="Email"
          name="email"
          value={user.email}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, 'aria-readonly': true } }}
          helperText="Your e-mail address can not be changed."
          sx={{ '& .MuiInputBase-root': { bgcolor: '#f5f7fb' } }}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          value={form.phone}
          onChange={(e) => setForm((f) => ({ ...f, phone: phoneInput(e.target.value) }))}
          required
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <BusyButton type="submit" variant="contained" size="large" busy={saving} busyLabel="Saving…" disabled={uploading} sx={{ height: 48, px: 5 }} data-testid="profile-save">
            Save
          </BusyButton>
        </Box>
      </Box>
    </Box>
  );
}
