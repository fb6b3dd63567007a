import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isAdminToken } from '../admin/adminSession.ts';
import { useSignOutMutation } from '../api/accountApi.ts';
import { shopApi } from '../api/shopApi.ts';
import { brand } from '../shared/theme.ts';
import { Icon } from '../shared/icons.tsx';
import { useSession } from '../session/hooks.ts';
import { signedOut } from '../session/sessionSlice.ts';
import { signInPath } from '../session/returnPath.ts';
import { useAppDispatch } from '../store/store.ts';
import css from './AccountMenu.module.css';

const AccountMenuList = lazy(() => import('./AccountMenuList.tsx'));

/** Sign In for visitors; for a signed-in user an avatar menu: My Account, Orders, My List, (Admin for admins,) Logout. */
export function AccountMenu({ compact = false }: { compact?: boolean }) {
  const { signedIn, user, token } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [loaded, setLoaded] = useState(false);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signOut] = useSignOutMutation();
  const location = useLocation();

  if (!signedIn || !user) {
    // Signing in comes back to the page the visitor is on.
    const signIn = signInPath(`${location.pathname}${location.search}`);
    return compact ? (
      <Link to={signIn} aria-label="Sign In" className={css.signInIcon}>
        <Icon name="person" />
      </Link>
    ) : (
      <Link to={signIn} className={css.signIn}>
        Sign In
      </Link>
    );
  }

  const go = (path: string) => {
    setAnchor(null);
    navigate(path);
  };
  const logout = async () => {
    setAnchor(null);
    // The server ends the session first (the call needs the token), so a copy of the token stops
    // working too; this browser signs out whatever it answers, even when it cannot be reached.
    await signOut()
      .unwrap()
      .catch(() => undefined);
    dispatch(signedOut());
    // Per-user caches (cart, list, orders, profile) must not outlive the session.
    dispatch(shopApi.util.invalidateTags(['Cart', 'MyList', 'Orders', 'User']));
    navigate('/signIn');
  };

  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-haspopup="menu"
        onClick={(e) => {
          setLoaded(true);
          setAnchor(e.currentTarget);
        }}
        sx={{ p: 0.5 }}
      >
        <Avatar src={user.image} alt={user.name} sx={{ width: 38, height: 38, bgcolor: brand.indigoLight, color: brand.indigo, fontWeight: 700 }}>
          {user.name.slice(0, 1).toUpperCase()}
        </Avatar>
      </IconButton>
      {loaded && (
        <Suspense fallback={null}>
          <AccountMenuList anchor={anchor} onClose={() => setAnchor(null)} onGo={go} onLogout={() => void logout()} admin={isAdminToken(token)} />
        </Suspense>
      )}
    </>
  );
}
