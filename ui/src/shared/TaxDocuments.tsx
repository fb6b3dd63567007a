import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useAppSelector } from '../store/store.ts';

/**
 * Downloads a file the API serves only with the session's token (a PDF, a CSV): fetched, then
 * handed to the browser as a download under the name the server gives. Resolves with the
 * server's refusal, or null when the file was handed over.
 */
export async function downloadWithToken(url: string, token: string | null, fallbackName: string): Promise<string | null> {
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} }).catch(() => null);
  if (!response?.ok) {
    const reply = (await response?.json().catch(() => null)) as { msg?: string } | null;
    return reply?.msg ?? 'The file could not be downloaded; please try again';
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  saveFile(await response.blob(), name);
  return null;
}

/** Hands `blob` to the browser as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * The GST documents of an order: its tax invoice and, once cancelled or returned, its credit
 * note, downloaded as PDFs. `base` is the order's API path (`/api/orders/<id>` for its shopper,
 * `/api/admin/orders/<id>` for the back office). The files need the session's token, so they are
 * fetched and handed to the browser as a download rather than linked.
 */
export function TaxDocuments({ base, status }: { base: string; status: string }) {
  const token = useAppSelector((state) => state.session.token);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async (kind: 'invoice' | 'credit-note') => {
    setProblem(null);
    setProblem(await downloadWithToken(`${base}/${kind}`, token, `${kind}.pdf`));
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="tax-documents">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download('invoice')}>
          Tax invoice (PDF)
        </Button>
        {(status === 'cancelled' || status === 'returned') && (
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download('credit-note')}>
            Credit note (PDF)
          </Button>
        )}
      </Box>
      {problem && (
        <Typography role="status" sx={{ fontSize: 14 }}>
          {problem}
        </Typography>
      )}
    </Box>
  );
}
