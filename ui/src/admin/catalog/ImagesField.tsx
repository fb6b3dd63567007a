import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, type ChangeEvent } from 'react';
import { errorMessage } from '../../api/messages.ts';
import { BusyButton } from '../../shared/common.tsx';
import { brand } from '../../shared/theme.ts';
import { notifyError } from '../../store/snackbarSlice.ts';
import { useAppDispatch } from '../../store/store.ts';
import { useUploadCatalogImagesMutation } from './catalogAdminApi.ts';

/** What the upload route takes (admin-api.ts: JPEG, PNG or WebP). */
const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * A list of image references with previews: files chosen here are uploaded at once
 * (`POST /api/admin/uploads`) and their stored references appended; each can move left or right
 * (the first is the one listings show) or be removed.
 */
export function ImagesField({ label, images, onChange, error, max = 20 }: { label: string; images: string[]; onChange: (images: string[]) => void; error?: string; max?: number }) {
  const [upload, { isLoading }] = useUploadCatalogImagesMutation();
  const dispatch = useAppDispatch();
  const helpId = useId();

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    try {
      const reply = await upload(files).unwrap();
      onChange([...images, ...reply.images].slice(0, max));
    } catch (err) {
      dispatch(notifyError(errorMessage(err, 'The images could not be uploaded.')));
    }
  };
  const move = (from: number, to: number) => {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };

  return (
    <Box role="group" aria-label={label} aria-describedby={error ? helpId : undefined}>
      <Typography component="div" sx={{ fontWeight: 600, mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {images.map((src, index) => (
          <Box key={`${src}-${index}`} data-testid="image-preview" data-src={src} sx={{ width: 112, border: `1px solid ${brand.line}`, borderRadius: 2, overflow: 'hidden', bgcolor: '#fff' }}>
            <Box component="img" src={src} alt={`${label} ${index + 1}`} sx={{ display: 'block', width: '100%', height: 84, objectFit: 'contain', bgcolor: brand.page }} />
            <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
              <IconButton size="small" aria-label={`Move image ${index + 1} left`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                <ArrowBackIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label={`Remove image ${index + 1}`} onClick={() => onChange(images.filter((_s, i) => i !== index))}>
                <CloseIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label={`Move image ${index + 1} right`} disabled={index === images.length - 1} onClick={() => move(index, index + 1)}>
                <ArrowForwardIcon fontSize="small" />
              </IconButton>
            </Box>
          </Box>
        ))}
        {images.length < max && (
          <BusyButton component="label" variant="outlined" busy={isLoading} busyLabel="Uploading…" startIcon={<CloudUploadIcon />} sx={{ minHeight: 112, minWidth: 112, borderRadius: 2 }}>
            Upload
            <input hidden type="file" accept={ACCEPT} multiple aria-label={`Upload ${label.toLowerCase()}`} onChange={(e) => void chosen(e)} />
          </BusyButton>
        )}
      </Box>
      {error && (
        <FormHelperText error id={helpId}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
