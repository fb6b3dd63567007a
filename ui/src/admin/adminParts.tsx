import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
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

/** Page numbers under a list; nothing when one page holds it all. */
export function Pager({ page, totalPages, onPage, label }: { page: number; totalPages: number; onPage: (page: number) => void; label: string }) {
  if (totalPages <= 1) return null;
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
      <Pagination page={Math.min(page, totalPages)} count={totalPages} color="primary" siblingCount={0} onChange={(_event, next) => onPage(next)} />
    </Box>
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
