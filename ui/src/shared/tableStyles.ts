import { brand } from './theme.ts';

const PHONE = '@media (max-width: 991.95px)';

/**
 * A table that reads as a table from 992 px up and as a stack of cards below it: the head is
 * hidden and each cell shows its column name (`data-label`) next to its value. A cell with
 * `data-cell="main"` spans the card, `data-cell="corner"` sits in its top-right corner.
 */
export const stackedTableSx = {
  width: '100%',
  borderCollapse: 'collapse',
  '& th': {
    textAlign: 'left',
    fontWeight: 700,
    color: brand.muted,
    fontSize: 12.5,
    textTransform: 'uppercase',
    letterSpacing: '.05em',
    bgcolor: '#f8f9fd',
    borderBottom: `1px solid ${brand.line}`,
    px: 2,
    py: 1.5,
    whiteSpace: 'nowrap',
  },
  '& td': { borderBottom: `1px solid ${brand.line}`, px: 2, py: 2, verticalAlign: 'middle', fontSize: 15 },
  '& tbody tr:last-of-type td': { borderBottom: 0 },
  [PHONE]: {
    '& thead': { display: 'none' },
    '& tbody tr': { display: 'block', position: 'relative', borderBottom: `1px solid ${brand.line}`, py: 1.5 },
    '& tbody tr:last-of-type': { borderBottom: 0 },
    '& td': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, border: 0, px: 2, py: 0.75 },
    '& td[data-label]::before': { content: 'attr(data-label)', color: brand.muted, fontSize: 13, fontWeight: 600 },
    '& td[data-cell="main"]': { display: 'block', pr: 7, pb: 1.25 },
    '& td[data-cell="main"]::before': { display: 'none' },
    '& td[data-cell="corner"]': { position: 'absolute', top: 8, right: 4, p: 0 },
    '& td[data-cell="corner"]::before': { display: 'none' },
  },
} as const;
