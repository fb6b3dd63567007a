import AppsIcon from '@mui/icons-material/Apps';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import SortIcon from '@mui/icons-material/Sort';
import ViewListIcon from '@mui/icons-material/ViewList';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { brand } from '../shared/theme.ts';
import { PER_PAGE_OPTIONS, type GridColumns } from '../shared/constants.ts';
import type { SortOptions } from './filters.ts';
import type { OptionsMenuProps } from './OptionsMenu.tsx';

// The menus' code (MUI Menu with its popover, modal and transitions) loads when the shopper first opens one:
// the first screen shows only the buttons.
const OptionsMenu = lazy(() => import('./OptionsMenu.tsx'));

/** One of the toolbar's menus, mounted from its first opening on (so it can animate closed). */
function ToolbarMenu(props: OptionsMenuProps) {
  const [opened, setOpened] = useState(false);
  if (props.anchor && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <OptionsMenu {...props} />
    </Suspense>
  );
}

const VIEWS: { columns: GridColumns; label: string; icon: ReactNode }[] = [
  { columns: 1, label: 'One column', icon: <ViewListIcon /> },
  { columns: 3, label: 'Three columns', icon: <ViewModuleIcon /> },
  { columns: 4, label: 'Four columns', icon: <AppsIcon /> },
];

/** Grid toggle (1/3/4 columns), the sort menu (listings and search results) and, on listings, the per-page menu (10–60). */
export function ListingToolbar<S extends string>({
  columns,
  onColumns,
  perPage,
  onPerPage,
  summary,
  sort,
  sortOptions,
  onSort,
}: {
  columns: GridColumns;
  onColumns: (c: GridColumns) => void;
  perPage?: number;
  onPerPage?: (n: number) => void;
  summary?: ReactNode;
  sort?: S;
  sortOptions?: SortOptions<S>;
  onSort?: (sort: S) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [sortAnchor, setSortAnchor] = useState<HTMLElement | null>(null);
  const sortLabel = sortOptions?.find((option) => option.value === sort)?.label;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, bgcolor: '#fff', border: `1px solid ${brand.line}`, borderRadius: 3, px: 1.5, py: 0.75, mb: 2 }}>
      <Box role="group" aria-label="Grid layout" sx={{ display: 'flex', gap: 0.25 }}>
        {VIEWS.map((view) => (
          <IconButton
            key={view.columns}
            aria-label={view.label}
            aria-pressed={columns === view.columns}
            onClick={() => onColumns(view.columns)}
            size="small"
            sx={{ color: columns === view.columns ? brand.indigo : brand.muted, bgcolor: columns === view.columns ? brand.indigoLight : 'transparent' }}
          >
            {view.icon}
          </IconButton>
        ))}
      </Box>
      <Box sx={{ flex: 1, fontSize: 13.5, color: 'text.secondary', textAlign: 'center', minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', display: { xs: 'none', sm: 'block' } }}>{summary}</Box>
      <Box sx={{ flex: 1, display: { xs: 'block', sm: 'none' } }} />
      {sort !== undefined && sortOptions && onSort && (
        <>
          <Button
            size="small"
            color="inherit"
            endIcon={<KeyboardArrowDownIcon />}
            onClick={(e) => setSortAnchor(e.currentTarget)}
            aria-haspopup="menu"
            aria-label={`Sort: ${sortLabel}`}
            data-testid="sort-menu"
            sx={{ fontWeight: 600, whiteSpace: 'nowrap', minWidth: 0 }}
          >
            <SortIcon fontSize="small" sx={{ display: { xs: 'inline-block', sm: 'none' } }} />
            {/* A phone's toolbar has room for the icon only; the menu marks the current sort. */}
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              Sort: {sortLabel}
            </Box>
          </Button>
          <ToolbarMenu
            anchor={sortAnchor}
            onClose={() => setSortAnchor(null)}
            options={sortOptions.map((option) => ({ label: option.label, testId: `sort-option-${option.value}` }))}
            selected={sortOptions.findIndex((option) => option.value === sort)}
            onPick={(index) => onSort(sortOptions[index]!.value)}
          />
        </>
      )}
      {perPage !== undefined && onPerPage && (
        <>
          <Button
            size="small"
            color="inherit"
            endIcon={<KeyboardArrowDownIcon />}
            onClick={(e) => setAnchor(e.currentTarget)}
            aria-haspopup="menu"
            aria-label={`Show: ${perPage} products per page`}
            data-testid="per-page"
            sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
          >
            Show: {perPage}
          </Button>
          <ToolbarMenu anchor={anchor} onClose={() => setAnchor(null)} options={PER_PAGE_OPTIONS.map((n) => ({ label: String(n) }))} selected={PER_PAGE_OPTIONS.indexOf(perPage as (typeof PER_PAGE_OPTIONS)[number])} onPick={(index) => onPerPage(PER_PAGE_OPTIONS[index]!)} />
        </>
      )}
    </Box>
  );
}
