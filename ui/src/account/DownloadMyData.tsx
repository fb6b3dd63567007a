import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { useExportMyDataMutation } from '../api/accountApi.ts';
import { errorMessage } from '../api/messages.ts';
import type { User } from '../api/types.ts';
import { BusyButton } from '../shared/common.tsx';
import { saveFile } from '../shared/TaxDocuments.tsx';
import { useAppDispatch } from '../store/store.ts';
import { notifyError, notifySuccess } from '../store/snackbarSlice.ts';

/**
 * Download my data (the right of access): a copy of everything the shop holds about the person,
 * saved as `my-data.json` (a summary in plain words and in JSON, and the shop's raw records), and
 * the summary's sentences shown here. The server allows one copy a minute; its refusal is shown.
 */
export function DownloadMyData({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const [exportMyData, { isLoading }] = useExportMyDataMutation();
  const [inWords, setInWords] = useState<string[] | null>(null);

  const download = async () => {
    try {
      const copy = await exportMyData(user.id).unwrap();
      saveFile(new Blob([JSON.stringify(copy, null, 2)], { type: 'application/json' }), 'my-data.json');
      setInWords(copy.summary?.inWords ?? []);
      dispatch(notifySuccess('Your data has been downloaded as my-data.json'));
    } catch (error) {
      dispatch(notifyError(errorMessage(error, 'Your data could not be downloaded.')));
    }
  };

  return (
    <Box sx={{ mt: 4, pt: 3, borderTop: '1px solid', borderColor: 'divider' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Your data
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 640 }}>
        Download a copy of everything the shop holds about you: your profile, addresses, orders, reviews and consents, in plain words and as JSON, with the shop's own records of them.
      </Typography>
      <BusyButton variant="outlined" startIcon={<DownloadIcon />} busy={isLoading} busyLabel="Preparing your copy…" onClick={() => void download()} data-testid="download-my-data">
        Download my data
      </BusyButton>
      {inWords && (
        <Box component="ul" aria-label="What your copy holds" data-testid="my-data-summary" sx={{ mt: 2, pl: 3, maxWidth: 720, typography: 'body2' }}>
          {inWords.map((sentence, index) => (
            <li key={index}>{sentence}</li>
          ))}
        </Box>
      )}
    </Box>
  );
}
