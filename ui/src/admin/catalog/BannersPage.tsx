import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adminBannerInput, type AdminBannerRow } from '@shop/contracts/admin-api';
import type { BannerKind } from '@shop/contracts/catalog-events';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/messages.ts';
import { BusyButton, LoadError, Panel } from '../../shared/common.tsx';
import { brand } from '../../shared/theme.ts';
import { notifyError, notifySuccess } from '../../store/snackbarSlice.ts';
import { useAppDispatch } from '../../store/store.ts';
import { AdminHeading } from './AdminHeading.tsx';
import { CategoryFields } from './CategoryFields.tsx';
import { useCreateBannerMutation, useListAdminBannersQuery, useListAdminCategoriesQuery, useUpdateBannerMutation, useWithdrawBannerMutation } from './catalogAdminApi.ts';
import { useFormFields, validate } from './formErrors.ts';
import { ImagesField } from './ImagesField.tsx';
import { SaveActions } from './SaveActions.tsx';

/** The storefront's four banner places: home slider, middle, side and bottom banners. */
const KINDS: { kind: BannerKind; label: string }[] = [
  { kind: 'home', label: 'Home slider' },
  { kind: 'middle', label: 'Middle' },
  { kind: 'side', label: 'Side' },
  { kind: 'bottom', label: 'Bottom' },
];
const kindLabel = (kind: BannerKind) => KINDS.find((k) => k.kind === kind)?.label ?? kind;

function BannerDialog({ banner, defaultKind, onClose }: { banner: AdminBannerRow | null; defaultKind: BannerKind; onClose: () => void }) {
  const { form, errors, set, setErrors } = useFormFields({ kind: banner?.kind ?? defaultKind, images: banner?.images ?? [], catId: banner?.catId ?? '', subCatId: banner?.subCatId ?? '' });
  const categories = useListAdminCategoriesQuery();
  const [create, created] = useCreateBannerMutation();
  const [update, updated] = useUpdateBannerMutation();
  const dispatch = useAppDispatch();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(adminBannerInput, { ...form, catId: form.catId || null, subCatId: form.subCatId || null });
    if (checked.errors) return setErrors(checked.errors);
    try {
      if (banner) await update({ id: banner.id, input: checked.data }).unwrap();
      else await create(checked.data).unwrap();
      dispatch(notifySuccess(banner ? 'Banner saved' : 'Banner published'));
      onClose();
    } catch (err) {
      dispatch(notifyError(errorMessage(err, 'The banner could not be saved.')));
    }
  };
  const native = { select: { native: true }, inputLabel: { shrink: true } };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="banner-dialog-title">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="banner-dialog-title">{banner ? 'Edit banner' : 'New banner'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          <TextField select label="Place" value={form.kind} onChange={(e) => set('kind', e.target.value as BannerKind)} slotProps={native}>
            {KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </TextField>
          <ImagesField label="Banner images" images={form.images} onChange={(images) => set('images', images)} error={errors.images} />
          <CategoryFields
            categories={categories.data?.categories}
            catId={form.catId}
            subCatId={form.subCatId}
            errors={errors}
            labels={{ category: 'Links to category', noCategory: 'No link', subcategory: 'Links to subcategory', noSubcategory: 'The whole category' }}
            onChange={({ catId, subCatId }) => {
              set('catId', catId);
              set('subCatId', subCatId);
            }}
          />
        </DialogContent>
        <SaveActions onClose={onClose} busy={created.isLoading || updated.isLoading} />
      </Box>
    </Dialog>
  );
}

/** Withdrawing takes a banner off the storefront: asked once more before `DELETE`. */
function WithdrawDialog({ banner, onClose }: { banner: AdminBannerRow; onClose: () => void }) {
  const [withdraw, { isLoading }] = useWithdrawBannerMutation();
  const dispatch = useAppDispatch();
  const confirm = async () => {
    try {
      await withdraw(banner.id).unwrap();
      dispatch(notifySuccess('Banner withdrawn'));
      onClose();
    } catch (err) {
      dispatch(notifyError(errorMessage(err, 'The banner could not be withdrawn.')));
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="withdraw-title" aria-describedby="withdraw-text">
      <DialogTitle id="withdraw-title">Withdraw this banner?</DialogTitle>
      <DialogContent>
        <DialogContentText id="withdraw-text">
          The {kindLabel(banner.kind).toLowerCase()} banner{banner.catName ? ` linking to ${banner.catName}` : ''} leaves the storefront at once.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Keep it</Button>
        <BusyButton color="error" variant="contained" busy={isLoading} busyLabel="Withdrawing…" onClick={() => void confirm()}>
          Withdraw
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}

function BannerCard({ banner, onEdit, onWithdraw }: { banner: AdminBannerRow; onEdit: () => void; onWithdraw: () => void }) {
  const link = banner.catName ? `${banner.catName}${banner.subCatName ? ` › ${banner.subCatName}` : ''}` : 'No link';
  return (
    <Panel data-testid="admin-banner" sx={{ overflow: 'hidden', display: 'flex', flexDirection: 'column' }}>
      <Box component="img" src={banner.images[0] || '/banner-placeholder.svg'} alt={`${kindLabel(banner.kind)} banner`} sx={{ width: '100%', aspectRatio: '16 / 6', objectFit: 'cover', bgcolor: brand.page }} />
      <Box sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Chip size="small" label={kindLabel(banner.kind)} />
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 100%' }}>
          {link} · {banner.images.length === 1 ? '1 image' : `${banner.images.length} images`}
        </Typography>
        <Box sx={{ display: 'flex', gap: 0.5, ml: 'auto' }}>
          <Button size="small" startIcon={<EditIcon />} onClick={onEdit}>
            Edit
          </Button>
          <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={onWithdraw}>
            Withdraw
          </Button>
        </Box>
      </Box>
    </Panel>
  );
}

/** `/admin/banners`: the storefront's banners, by place; create, edit and withdraw. */
export default function BannersPage() {
  const [kind, setKind] = useState<BannerKind | 'all'>('all');
  const list = useListAdminBannersQuery(kind === 'all' ? undefined : kind);
  const [editing, setEditing] = useState<AdminBannerRow | 'new' | null>(null);
  const [withdrawing, setWithdrawing] = useState<AdminBannerRow | null>(null);
  const banners = list.data?.banners ?? [];
  const groups = KINDS.map((k) => ({ ...k, banners: banners.filter((b) => b.kind === k.kind) })).filter((g) => g.banners.length > 0);

  return (
    <Box data-testid="admin-banners">
      <AdminHeading
        title="Banners"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            New banner
          </Button>
        }
      />
      <Tabs value={kind} onChange={(_e, next: BannerKind | 'all') => setKind(next)} variant="scrollable" allowScrollButtonsMobile aria-label="Banner places" sx={{ mb: 2 }}>
        <Tab value="all" label="All" />
        {KINDS.map((k) => (
          <Tab key={k.kind} value={k.kind} label={k.label} />
        ))}
      </Tabs>
      {list.isLoading && <Skeleton variant="rounded" height={280} />}
      {!list.data && list.error && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && banners.length === 0 && (
        <Panel sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">No banners here yet.</Typography>
        </Panel>
      )}
      {groups.map((group) => (
        <Box key={group.kind} component="section" aria-label={`${group.label} banners`} sx={{ mb: 3 }}>
          <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
            {group.label}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
            {group.banners.map((b) => (
              <BannerCard key={b.id} banner={b} onEdit={() => setEditing(b)} onWithdraw={() => setWithdrawing(b)} />
            ))}
          </Box>
        </Box>
      ))}
      {editing && <BannerDialog banner={editing === 'new' ? null : editing} defaultKind={kind === 'all' ? 'home' : kind} onClose={() => setEditing(null)} />}
      {withdrawing && <WithdrawDialog banner={withdrawing} onClose={() => setWithdrawing(null)} />}
    </Box>
  );
}
