import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useGetMyListQuery, useRemoveFromMyListMutation } from '../api/shopApi.ts';
import { errorMessage } from '../api/messages.ts';
import type { MyListEntry } from '../api/types.ts';
import { EmptyState, LoadError, PageFrame, Panel, useErrorNotice } from '../shared/common.tsx';
import { ProductCell } from '../shared/ProductCell.tsx';
import { RequireShopper } from '../session/RequireShopper.tsx';
import { stackedTableSx } from '../shared/tableStyles.ts';
import { brand } from '../shared/theme.ts';
import { BusyOverlay } from '../shared/BusyOverlay.tsx';
import { productCountLine, unitPrice } from '../shared/cartFormat.ts';
import type { SessionUser } from '../session/storage.ts';
import { useAppDispatch } from '../store/store.ts';
import { notifyError, notifySuccess } from '../store/snackbarSlice.ts';

export const MY_LIST_REMOVED = 'item removed from My List!';

function MyListView({ user }: { user: SessionUser }) {
  const dispatch = useAppDispatch();
  const list = useGetMyListQuery({ userId: user.userId });
  const [removeEntry] = useRemoveFromMyListMutation();
  const [removing, setRemoving] = useState<string | null>(null);
  useErrorNotice(list.error);
  const entries = list.data ?? [];

  const remove = async (entry: MyListEntry) => {
    if (removing) return;
    setRemoving(entry.id);
    try {
      const reply = await removeEntry({ id: entry.id, productId: entry.productId }).unwrap();
      dispatch(notifySuccess(reply.message || MY_LIST_REMOVED));
    } catch (error) {
      dispatch(notifyError(errorMessage(error, 'The item could not be removed.')));
    }
    setRemoving(null);
  };

  return (
    <PageFrame title="My List" subtitle={list.isSuccess ? productCountLine(entries.length, 'your My List') : list.isError ? undefined : ' '} testId="my-list-page">
      {list.isLoading ? (
        <Panel sx={{ p: 2 }} aria-busy="true">
          {[0, 1].map((i) => (
            <Box key={i} sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 1.5 }}>
              <Skeleton variant="rounded" width={76} height={76} />
              <Skeleton width="50%" height={24} />
            </Box>
          ))}
        </Panel>
      ) : list.isError && !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState icon={<FavoriteBorderIcon />} message="My List is currently empty" hint="Tap the heart on any product to keep it here for later." testId="my-list-empty" />
      ) : (
        <Panel sx={{ overflow: 'hidden', maxWidth: 980 }}>
          <Box component="table" sx={stackedTableSx} data-testid="my-list-table">
            <thead>
              <tr>
                <th scope="col" style={{ width: '65%' }}>
                  Product
                </th>
                <th scope="col">Unit Price</th>
                <th scope="col" style={{ textAlign: 'center' }}>
                  Remove
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="my-list-line" data-product-id={entry.productId}>
                  <td data-cell="main">
                    <ProductCell productId={entry.productId} title={entry.productTitle} image={entry.image} rating={entry.rating} />
                  </td>
                  <td data-label="Unit Price">
                    <Box component="span" sx={{ fontWeight: 700, color: brand.red }}>
                      {unitPrice(entry.price)}
                    </Box>
                  </td>
                  <td data-cell="corner" style={{ textAlign: 'center' }}>
                    <IconButton
                      aria-label={`Remove ${entry.productTitle} from My List`}
                      onClick={() => void remove(entry)}
                      disabled={removing !== null}
                      sx={{ color: brand.muted, '&:hover': { color: brand.red, bgcolor: '#fdeaea' } }}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </Box>
        </Panel>
      )}
      <BusyOverlay open={removing !== null} label="Updating My List" />
    </PageFrame>
  );
}

/** /my-list: the shopper's wish list with its count, prices and removal. */
export default function MyListPage() {
  return <RequireShopper>{(user) => <MyListView user={user} />}</RequireShopper>;
}
