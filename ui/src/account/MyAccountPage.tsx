import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useGetUserQuery } from '../api/shopApi.ts';
import { brand } from '../shared/theme.ts';
import type { SessionUser } from '../session/storage.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { DeleteAccount } from './DeleteAccount.tsx';
import { DownloadMyData } from './DownloadMyData.tsx';
import { LoadError, PageFrame, Panel, useErrorNotice } from '../shared/common.tsx';
import { EditProfile } from './EditProfile.tsx';
import { MyGiftCards } from './MyGiftCards.tsx';
import { RequireShopper } from '../session/RequireShopper.tsx';

const TABS = ['Edit Profile', 'Change Password', 'Gift Cards'] as const;

function AccountView({ session }: { session: SessionUser }) {
  const [tab, setTab] = useState(0);
  const profile = useGetUserQuery(session.userId);
  useErrorNotice(profile.error);
  const user = profile.data;

  return (
    <PageFrame title="My Account" subtitle={user ? `Signed in as ${user.email}` : undefined} testId="my-account-page" maxWidth="lg">
      <Panel sx={{ overflow: 'hidden' }}>
        <Tabs value={tab} onChange={(_e, value: number) => setTab(value)} aria-label="My Account" sx={{ px: { xs: 1, md: 3 }, borderBottom: `1px solid ${brand.line}` }}>
          {TABS.map((label, i) => (
            <Tab key={label} label={label} id={`account-tab-${i}`} aria-controls={`account-panel-${i}`} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`account-panel-${tab}`} aria-labelledby={`account-tab-${tab}`} sx={{ p: { xs: 2.5, md: 4 } }}>
          {profile.isLoading ? (
            <Skeleton variant="rounded" height={240} />
          ) : !user ? (
            <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
          ) : tab === 0 ? (
            <EditProfile key={user.id} user={user} />
          ) : tab === 2 ? (
            <MyGiftCards />
          ) : (
            <>
              <ChangePasswordForm user={user} />
              <DownloadMyData user={user} />
              <DeleteAccount user={user} />
            </>
          )}
        </Box>
      </Panel>
    </PageFrame>
  );
}

/** /my-account: Edit Profile, and Change Password with Download my data and Delete account below it. */
export default function MyAccountPage() {
  return <RequireShopper>{(user) => <AccountView session={user} />}</RequireShopper>;
}
