import Button from '@mui/material/Button';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/messages.ts';
import { Panel } from '../../shared/common.tsx';
import { rupees } from '../../shared/format.ts';
import { notifyError } from '../../store/snackbarSlice.ts';
import { useAppDispatch } from '../../store/store.ts';
import { PlainTable } from './PlainTable.tsx';
import { AdminFrame, shortTime } from '../adminParts.tsx';
import { promotionTerms } from './PromotionsPage.tsx';
import { useChangePromotionMutation, useGetAdminPromotionQuery, type PromotionState } from './promotionsAdminApi.ts';

/** One promotion: its terms, state and counts, pause / resume / end, and its uses (newest first). */
export default function PromotionPage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const { data: p } = useGetAdminPromotionQuery(id);
  const [change, changing] = useChangePromotionMutation();
  const to = async (state: PromotionState) => {
    try {
      await change({ id, state }).unwrap();
    } catch (err) {
      dispatch(notifyError(errorMessage(err, 'The promotion could not be changed.')));
    }
  };
  if (!p) return <AdminFrame title="Promotion">{null}</AdminFrame>;
  const span = [p.startsAt && `from ${shortTime(p.startsAt)}`, p.endsAt && `until ${shortTime(p.endsAt)}`].filter(Boolean).join(' ');
  return (
    <AdminFrame
      title={p.name}
      subtitle={`${promotionTerms(p)}${span ? ` · ${span}` : ''} · ${p.state}`}
      testId="admin-promotion"
      actions={
        p.state !== 'ended' && (
          <>
            {p.state === 'active' ? (
              <Button variant="outlined" disabled={changing.isLoading} onClick={() => void to('paused')} data-testid="promotion-pause">
                Pause
              </Button>
            ) : (
              <Button variant="outlined" disabled={changing.isLoading} onClick={() => void to('active')} data-testid="promotion-resume">
                Resume
              </Button>
            )}
            <Button color="error" variant="outlined" disabled={changing.isLoading} onClick={() => void to('ended')} data-testid="promotion-end">
              End
            </Button>
          </>
        )
      }
    >
      <Panel sx={{ p: 2, mb: 2 }}>
        {p.uses} uses · {rupees(p.discountGiven)} given
        {p.usageLimit !== undefined && ` · ${p.usageLimit} uses in all`}
        {p.budget !== undefined && ` · budget ${rupees(p.budget)}`}
      </Panel>
      <Panel sx={{ p: 0 }}>
        <PlainTable columns={['When', 'Order', 'Discount', 'Given back']}>
            {p.redemptions.map((r) => (
              <tr key={r._id} data-testid="redemption-row">
                <td>{shortTime(r.claimedAt)}</td>
                <td>{r.orderId}</td>
                <td>{rupees(r.amount)}</td>
                <td>{r.returnedAt ? shortTime(r.returnedAt) : ''}</td>
              </tr>
            ))}
        </PlainTable>
      </Panel>
    </AdminFrame>
  );
}
