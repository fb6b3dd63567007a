import CloseIcon from '@mui/icons-material/Close';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { Link } from 'react-router';
import { brand } from '../shared/theme.ts';
import { COMPARE_MAX, removeFromCompare, type CompareItem } from '../shared/compareList.ts';

/**
 * The compare tray: a small bar at the bottom-left with the products chosen so far (each with a
 * remove button) and the way to the side-by-side table. Shown by the shell while the list has any.
 */
export default function CompareTray({ items, bottom }: { items: readonly CompareItem[]; bottom: number }) {
  return (
    <Box
      component="aside"
      aria-label="Compare tray"
      data-testid="compare-tray"
      sx={{
        position: 'fixed',
        left: { xs: 12, md: 24 },
        bottom,
        zIndex: 1200,
        maxWidth: 'calc(100vw - 96px)',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        bgcolor: '#fff',
        border: `1px solid ${brand.line}`,
        borderRadius: 999,
        boxShadow: '0 12px 32px rgba(20, 42, 102, 0.16)',
        p: 0.75,
        pl: 1.25,
      }}
    >
      <Box component="ul" sx={{ display: 'flex', gap: 0.75, listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) => (
          <Box component="li" key={item.id} sx={{ position: 'relative' }}>
            <Box component="img" src={item.image} alt={item.name} width={40} height={40} sx={{ display: 'block', width: 40, height: 40, objectFit: 'contain', borderRadius: 2, border: `1px solid ${brand.line}`, bgcolor: '#fff' }} />
            <IconButton
              size="small"
              aria-label={`Remove ${item.name} from compare`}
              onClick={() => removeFromCompare(item.id)}
              data-testid="compare-tray-remove"
              sx={{ position: 'absolute', top: -8, right: -8, width: 20, height: 20, p: 0, bgcolor: brand.ink, color: '#fff', '&:hover': { bgcolor: brand.red }, '& svg': { fontSize: 14 } }}
            >
              <CloseIcon />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Button component={Link} to="/compare" variant="contained" size="small" startIcon={<CompareArrowsIcon />} data-testid="compare-tray-open" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
        Compare ({items.length}/{COMPARE_MAX})
      </Button>
    </Box>
  );
}
