import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useAdminSession } from '../admin/adminSession.ts';

/**
 * The account menu's items: My Account, Orders, My List, Admin (the back office, admins only),
 * Logout. Loaded on first open. An account whose token does not claim the admin role asks its
 * profile once: a role granted since sign-in applies at once, so the menu offers it too.
 */
export default function AccountMenuList({ anchor, onClose, onGo, onLogout, admin: claimed = false }: { anchor: HTMLElement | null; onClose: () => void; onGo: (path: string) => void; onLogout: () => void; admin?: boolean }) {
  const admin = useAdminSession().isAdmin || claimed;
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
      <MenuItem onClick={() => onGo('/my-account')}>
        <ListItemIcon>
          <PersonOutlinedIcon fontSize="small" />
        </ListItemIcon>
        My Account
      </MenuItem>
      <MenuItem onClick={() => onGo('/orders')}>
        <ListItemIcon>
          <ReceiptLongOutlinedIcon fontSize="small" />
        </ListItemIcon>
        Orders
      </MenuItem>
      <MenuItem onClick={() => onGo('/my-list')}>
        <ListItemIcon>
          <FavoriteBorderIcon fontSize="small" />
        </ListItemIcon>
        My List
      </MenuItem>
      {admin && (
        <MenuItem onClick={() => onGo('/admin')}>
          <ListItemIcon>
            <DashboardOutlinedIcon fontSize="small" />
          </ListItemIcon>
          Admin
        </MenuItem>
      )}
      <MenuItem onClick={onLogout}>
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        Logout
      </MenuItem>
    </Menu>
  );
}
