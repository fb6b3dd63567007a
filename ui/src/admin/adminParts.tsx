import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Modal from '@mui/material/Modal';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useId, type FormEvent, type ReactNode } from 'react';
import { LoadError, Panel } from '../shared/common.tsx';
import { brand } from '../shared/theme.ts';

export const mono = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/** A back-office screen: its heading (the page's h1), a line under it, actions on the right. */
export function AdminFrame({ title, subtitle, actions, children, testId }: { title: string; subtitle?: ReactNode; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Box data-testid={testId}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: { xs: 2, md: 3 } }}>
        <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.45rem', md: '1.75rem' }, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {subtitle !== undefined && <Typography sx={{ color: brand.muted, mt: 0.5 }}>{subtitle}</Typography>}
        </Box>
        {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box>}
      </Box>
      {children}
    </Box>
  );
}

/** Previous and next under a list, with where the list stands; nothing when one page holds it all. */
export function Pager({ page, totalPages, onPage, label }: { page: number; totalPages: number; onPage: (page: number) => void; label: string }) {
  if (totalPages <= 1) return null;
  const at = Math.min(page, totalPages);
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 2, mt: 3 }}>
      <Button variant="outlined" disabled={at <= 1} onClick={() => onPage(at - 1)}>
        Previous
      </Button>
      <Typography component="span" sx={{ fontWeight: 600 }} aria-live="polite">{`Page ${at} of ${totalPages}`}</Typography>
      <Button variant="outlined" disabled={at >= totalPages} onClick={() => onPage(at + 1)}>
        Next
      </Button>
    </Box>
  );
}

/**
 * A modal question: heading, text (and fields), buttons on the right. Built on MUI's Modal (focus
 * trap, Escape, backdrop) rather than Dialog, which the storefront keeps in one of its chunks: using
 * it here would split that chunk and grow the storefront's JS.
 */
export function AdminDialog({ open, onClose, title, children, actions, onSubmit }: { open: boolean; onClose: () => void; title: string; children: ReactNode; actions: ReactNode; onSubmit?: (event: FormEvent) => void }) {
  const titleId = useId();
  return (
    <Modal open={open} onClose={onClose} sx={{ display: 'grid', placeItems: 'center', p: 2 }}>
      <Box
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        component={onSubmit ? 'form' : 'div'}
        onSubmit={onSubmit}
        noValidate={onSubmit ? true : undefined}
        sx={{ width: '100%', maxWidth: 440, bgcolor: '#fff', borderRadius: 3, boxShadow: 24, outline: 'none' }}
      >
        <Box sx={{ p: 3, pb: 2 }}>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.2rem', mb: 1.5 }}>
            {title}
          </Typography>
          <Box sx={{ color: brand.muted }}>{children}</Box>
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, p: 2, pt: 0 }}>{actions}</Box>
      </Box>
    </Modal>
  );
}

/** `2026-01-05 15:50` in the browser's time zone. */
export function shortTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A positive whole page number from the address bar, 1 for anything else. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/**
 * A back-office list's search bar (a form, so Enter searches): the list's own filters first, then
 * the words box and Search. `address` is the list's `useListAddress()`.
 */
export function SearchPanel({ address, label, name, children }: { address: { typed: string; setTyped: (typed: string) => void; search: (event: FormEvent) => void }; label: string; name: string; children?: ReactNode }) {
  return (
    <Panel sx={{ p: { xs: 2, md: 2.5 }, mb: 2 }}>
      <Box component="form" role="search" aria-label={name} onSubmit={address.search} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        {children}
        <TextField
          size="small"
          label={label}
          value={address.typed}
          onChange={(event) => address.setTyped(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200, spellCheck: false } }}
          sx={{ flex: '1 1 260px' }}
        />
        <Button type="submit" variant="contained">
          Search
        </Button>
      </Box>
    </Panel>
  );
}

/**
 * What a list shows in place of its rows: a skeleton while the first page loads, the error with a
 * Retry, or `empty` when nothing matches; otherwise its rows (`children`).
 */
export function ListState({ query, rows, empty, emptyTestId, children }: {
  query: { isLoading: boolean; data?: unknown; error?: unknown; refetch: () => unknown };
  rows: number;
  empty: string;
  emptyTestId?: string;
  children: ReactNode;
}) {
  if (query.isLoading) return <Skeleton variant="rounded" height={320} />;
  if (!query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (rows === 0) {
    return (
      <Panel sx={{ p: 4, textAlign: 'center', color: brand.muted }} data-testid={emptyTestId}>
        <Typography>{empty}</Typography>
      </Panel>
    );
  }
  return children;
}
