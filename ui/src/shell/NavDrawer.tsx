import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useGetCategoriesQuery } from '../api/shopApi.ts';
import { CategoryTree } from './CategoryTree.tsx';
import { Logo } from '../shared/Logo.tsx';

const PAGES: [string, string][] = [
  ['/', 'Home'],
  ['/my-list', 'My List'],
  ['/orders', 'Orders'],
  ['/my-account', 'My Account'],
  ['/cart', 'Cart'],
];

/**
 * The category sidebar ("All Categories" on wide screens) and the hamburger navigation below
 * 992 px (`withPages`). Loaded on first open.
 */
export default function NavDrawer({ open, onClose, withPages }: { open: boolean; onClose: () => void; withPages: boolean }) {
  const { data: categories = [] } = useGetCategoriesQuery();
  return (
    <Drawer anchor="left" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: withPages ? 300 : 320, p: 2 }, 'aria-label': withPages ? 'Navigation' : 'All Categories' } as object }}>
      {withPages ? (
        <>
          <Box sx={{ px: 1, pb: 2 }}>
            <Logo compact />
          </Box>
          <List component="div" dense>
            {PAGES.map(([to, label]) => (
              <ListItemButton key={to} component={Link} to={to} onClick={onClose} sx={{ borderRadius: 2, fontWeight: 600 }}>
                {label}
              </ListItemButton>
            ))}
          </List>
          <Divider sx={{ my: 1 }} />
          <Typography variant="overline" sx={{ px: 1, color: 'text.secondary' }}>
            Categories
          </Typography>
        </>
      ) : (
        <Typography variant="h3" sx={{ px: 1, py: 1.5 }}>
          All Categories
        </Typography>
      )}
      <CategoryTree categories={categories} onNavigate={onClose} />
    </Drawer>
  );
}
