import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/messages.ts';
import { Panel } from '../../shared/common.tsx';
import { rupees } from '../../shared/format.ts';
import { notifyError, notifySuccess } from '../../store/snackbarSlice.ts';
import { useAppDispatch } from '../../store/store.ts';
import { PlainTable } from './PlainTable.tsx';
import { AdminFrame } from '../adminParts.tsx';
import { useCreatePromotionMutation, useGetAdminPromotionsQuery, type PromotionDoc, type PromotionInput } from './promotionsAdminApi.ts';

const TYPES: [PromotionInput['type'], string][] = [
  ['percent', 'Percent off'],
  ['flat', 'Flat rupees off'],
  ['freeDelivery', 'Free delivery over an amount'],
  ['buyXgetY', 'Buy X get Y'],
];

/** What a promotion gives, in a few words. */
export function promotionTerms(p: Pick<PromotionDoc, 'type' | 'value' | 'getQuantity' | 'maxDiscount' | 'code'>): string {
  const what =
    p.type === 'percent' ? `${p.value}% off${p.maxDiscount ? ` (at most ${rupees(p.maxDiscount)})` : ''}` : p.type === 'flat' ? `${rupees(p.value)} off` : p.type === 'freeDelivery' ? `Free delivery over ${rupees(p.value)}` : `Buy ${p.value} get ${p.getQuantity ?? 1}`;
  return p.code ? `${what} · code ${p.code}` : `${what} · automatic`;
}

/** A `datetime-local` value (the admin's own clock) as an ISO instant, or nothing. */
const instant = (local: string) => (local ? new Date(local).toISOString() : undefined);
const whole = (text: string) => (text.trim() === '' ? undefined : Number(text));
const ids = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The create form: what the server's promotion input takes; the server checks every field. */
function CreatePromotionForm() {
  const dispatch = useAppDispatch();
  const [create, creating] = useCreatePromotionMutation();
  const [f, setF] = useState({ name: '', type: 'percent' as PromotionInput['type'], value: '', code: '', maxDiscount: '', minCart: '', startsAt: '', endsAt: '', usageLimit: '', budget: '', perCustomerLimit: '', categoryIds: '', productIds: '', getQuantity: '', firstOrderOnly: false, prepaidOnly: false });
  const field = (name: keyof typeof f) => ({
    value: f[name] as string,
    onChange: (e: { target: { value: string } }) => setF({ ...f, [name]: e.target.value }),
    slotProps: { htmlInput: { 'data-testid': `promotion-${name}` } },
    size: 'small' as const,
  });

  async function submit() {
    const input: Record<string, unknown> = {
      name: f.name,
      type: f.type,
      value: Number(f.value),
      code: f.code.trim() || undefined,
      maxDiscount: whole(f.maxDiscount),
      minCart: whole(f.minCart),
      startsAt: instant(f.startsAt),
      endsAt: instant(f.endsAt),
      usageLimit: whole(f.usageLimit),
      budget: whole(f.budget),
      perCustomerLimit: whole(f.perCustomerLimit),
      categoryIds: f.categoryIds ? ids(f.categoryIds) : undefined,
      productIds: f.productIds ? ids(f.productIds) : undefined,
      getQuantity: f.type === 'buyXgetY' ? (whole(f.getQuantity) ?? 1) : undefined,
      firstOrderOnly: f.firstOrderOnly || undefined,
      prepaidOnly: f.prepaidOnly || undefined,
    };
    try {
      await create(JSON.parse(JSON.stringify(input)) as PromotionInput).unwrap();
      dispatch(notifySuccess(`Promotion "${f.name}" created`));
      setF({ ...f, name: '', code: '', value: '' });
    } catch (err) {
      dispatch(notifyError(errorMessage(err, 'The promotion could not be created.')));
    }
  }

  return (
    <Panel component="section" aria-label="New promotion" data-testid="promotion-form" sx={{ p: 2.5, mb: 3 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
        <TextField label="Name shoppers see" required {...field('name')} />
        <TextField select label="Type" value={f.type} onChange={(e) => setF({ ...f, type: e.target.value as PromotionInput['type'] })} size="small" slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'promotion-type' } as object } }}>
          {TYPES.map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="Value (% or Rs, or X for buy X)" required {...field('value')} />
        <TextField label="Coupon code (none: automatic)" {...field('code')} />
        <TextField label="Starts" type="datetime-local" {...field('startsAt')} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'promotion-startsAt' } }} />
        <TextField label="Ends" type="datetime-local" {...field('endsAt')} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'promotion-endsAt' } }} />
        <TextField label="Category ids" {...field('categoryIds')} />
        <TextField label="Product ids" {...field('productIds')} />
        <TextField label="Maximum discount (Rs)" {...field('maxDiscount')} />
        <TextField label="Minimum cart (Rs)" {...field('minCart')} />
        <TextField label="Uses in all" {...field('usageLimit')} />
        <TextField label="Budget (Rs)" {...field('budget')} />
        <TextField label="Uses per customer" {...field('perCustomerLimit')} />
        <TextField label="Y free (buy X get Y)" {...field('getQuantity')} />
        <TextField select label="First order only" value={f.firstOrderOnly ? 'yes' : 'no'} onChange={(e) => setF({ ...f, firstOrderOnly: e.target.value === 'yes' })} size="small">
          <MenuItem value="no">No</MenuItem>
          <MenuItem value="yes">Yes</MenuItem>
        </TextField>
        <TextField select label="Prepaid only (no cash on delivery)" value={f.prepaidOnly ? 'yes' : 'no'} onChange={(e) => setF({ ...f, prepaidOnly: e.target.value === 'yes' })} size="small">
          <MenuItem value="no">No</MenuItem>
          <MenuItem value="yes">Yes</MenuItem>
        </TextField>
      </Box>
      <Button variant="contained" sx={{ mt: 2 }} disabled={creating.isLoading} data-testid="promotion-create" onClick={() => void submit()}>
        Create promotion
      </Button>
    </Panel>
  );
}

/** Promotions: every one with its state, uses and the rupees given so far; the create form above. */
export default function PromotionsPage() {
  const { data = [], isLoading } = useGetAdminPromotionsQuery();
  return (
    <AdminFrame title="Promotions" subtitle="Coupons, scheduled sales, buy X get Y, free delivery" testId="admin-promotions">
      <CreatePromotionForm />
      <Panel sx={{ p: 0 }}>
        <PlainTable columns={['Name', 'Terms', 'State', 'Uses', 'Given']}>
            {!isLoading &&
              data.map((p) => (
                <tr key={p.id} data-testid="promotion-row">
                  <td>
                    <Link to={`/admin/promotions/${p.id}`}>{p.name}</Link>
                  </td>
                  <td>{promotionTerms(p)}</td>
                  <td>
                    <Chip size="small" label={p.state} color={p.state === 'active' ? 'success' : p.state === 'paused' ? 'warning' : 'default'} />
                  </td>
                  <td data-testid="promotion-uses">{p.uses}</td>
                  <td>{rupees(p.discountGiven)}</td>
                </tr>
              ))}
        </PlainTable>
      </Panel>
    </AdminFrame>
  );
}
