import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../store/store.ts';
import { filtersToggled } from '../store/uiSlice.ts';

/** Below 992 px the sidebar lives in a drawer titled Filter Products, opened from the bottom bar. */
export function FilterDrawer({ children }: { children: ReactNode }) {
  const open = useAppSelector((s) => s.ui.filtersOpen);
  const dispatch = useAppDispatch();
  const close = () => dispatch(filtersToggled(false));
  return (
    <Drawer anchor="left" open={open} onClose={close} slotProps={{ paper: { sx: { width: 'min(340px, 88vw)', bgcolor: '#f5f7fb' }, 'aria-labelledby': 'filter-drawer-title', 'data-testid': 'filter-drawer' } as object }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5, bgcolor: '#fff', borderBottom: '1px solid #e6e9f2', position: 'sticky', top: 0, zIndex: 1 }}>
        <Typography variant="h3" component="h2" id="filter-drawer-title">
          Filter Products
        </Typography>
        <IconButton aria-label="Close filters" onClick={close}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ p: 2 }}>{children}</Box>
    </Drawer>
  );
}
