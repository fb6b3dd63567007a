import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useAppSelector } from '../store/store.ts';

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
    const response = await fetch(`${base}/${kind}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }).catch(() => null);
    if (!response?.ok) {
      const reply = (await response?.json().catch(() => null)) as { msg?: string } | null;
      setProblem(reply?.msg ?? 'The document could not be downloaded; please try again');
      return;
    }
    const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `${kind}.pdf`;
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
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
