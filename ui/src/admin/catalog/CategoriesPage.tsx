import AddIcon from '@mui/icons-material/Add';
import { TaxClassEditor } from './TaxClassEditor.tsx';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adminCategoryInput, type AdminCategoryRow } from '@shop/contracts/admin-api';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { errorMessage } from '../../api/messages.ts';
import { LoadError, Panel } from '../../shared/common.tsx';
import { brand } from '../../shared/theme.ts';
import { notifyError, notifySuccess } from '../../store/snackbarSlice.ts';
import { useAppDispatch } from '../../store/store.ts';
import { AdminHeading } from './AdminHeading.tsx';
import {
  useCreateCategoryMutation,
  useCreateSubcategoryMutation,
  useListAdminCategoriesQuery,
  useRenameSubcategoryMutation,
  useReorderCategoriesMutation,
  useUpdateCategoryMutation,
} from './catalogAdminApi.ts';
import { useFormFields, validate } from './formErrors.ts';
import { ImagesField } from './ImagesField.tsx';
import { NameDialog } from './NameDialog.tsx';
import { SaveActions } from './SaveActions.tsx';

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** Runs a change, says so in the snackbar, and reports whether it went through. */
function useSaving() {
  const dispatch = useAppDispatch();
  return async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      dispatch(notifySuccess(done));
      return true;
    } catch (err) {
      dispatch(notifyError(errorMessage(err, 'The change could not be saved.')));
      return false;
    }
  };
}

/** New or edited category: name, colour (typed or picked) and images. */
function CategoryDialog({ category, onClose }: { category: AdminCategoryRow | null; onClose: () => void }) {
  const { form, errors, set, setErrors } = useFormFields({ name: category?.name ?? '', color: category?.color ?? '#e8edfb', images: category?.images ?? [] });
  const [create, created] = useCreateCategoryMutation();
  const [update, updated] = useUpdateCategoryMutation();
  const save = useSaving();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(adminCategoryInput, form);
    if (checked.errors) return setErrors(checked.errors);
    const ok = category
      ? await save(() => update({ id: category.id, patch: checked.data }).unwrap(), `${checked.data.name} saved`)
      : await save(() => create(checked.data).unwrap(), `${checked.data.name} created`);
    if (ok) onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="category-dialog-title">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="category-dialog-title">{category ? `Edit ${category.name}` : 'New category'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          <TextField label="Name" value={form.name} onChange={(e) => set('name', e.target.value)} error={Boolean(errors.name)} helperText={errors.name} fullWidth />
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <TextField label="Colour" value={form.color} onChange={(e) => set('color', e.target.value)} error={Boolean(errors.color)} helperText={errors.color} sx={{ flex: 1 }} />
            <Box
              component="input"
              type="color"
              aria-label="Pick a colour"
              value={HEX_COLOUR.test(form.color) ? form.color : '#ffffff'}
              onChange={(e: ChangeEvent<HTMLInputElement>) => set('color', e.target.value)}
              sx={{ width: 56, height: 56, p: 0.5, border: `1px solid ${brand.line}`, borderRadius: 2, bgcolor: '#fff', cursor: 'pointer' }}
            />
          </Box>
          <ImagesField label="Category images" images={form.images} onChange={(images) => set('images', images)} error={errors.images} />
          {category && <TaxClassEditor owner="categories" id={category.id} />}
        </DialogContent>
        <SaveActions onClose={onClose} busy={created.isLoading || updated.isLoading} />
      </Box>
    </Dialog>
  );
}

type Editing =
  | { kind: 'category'; category: AdminCategoryRow | null }
  | { kind: 'new-subcategory'; category: AdminCategoryRow }
  | { kind: 'subcategory'; category: AdminCategoryRow; sub: { id: string; name: string } };

/** `/admin/categories`: the storefront's categories in order, with their subcategories. */
export default function CategoriesPage() {
  const list = useListAdminCategoriesQuery();
  const [reorder, reordering] = useReorderCategoriesMutation();
  const [createSub, creatingSub] = useCreateSubcategoryMutation();
  const [renameSub, renamingSub] = useRenameSubcategoryMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const save = useSaving();
  const categories = list.data?.categories ?? [];

  const move = (index: number, by: -1 | 1) => {
    const ids = categories.map((c) => c.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    void save(() => reorder(ids).unwrap(), 'Category order saved');
  };

  return (
    <Box data-testid="admin-categories">
      <AdminHeading
        title="Categories"
        subtitle="The storefront shows them in this order."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'category', category: null })}>
            New category
          </Button>
        }
      />
      {list.isLoading && <Skeleton variant="rounded" height={360} />}
      {!list.data && list.error && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && (
        <Panel component="div" aria-label="Categories" sx={{ overflow: 'hidden', opacity: reordering.isLoading || list.isFetching ? 0.7 : 1 }}>
          {categories.length === 0 && (
            <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
              No categories yet.
            </Typography>
          )}
          {categories.map((c, index) => (
            <Box
              key={c.id}
              data-testid="admin-category"
              data-category-id={c.id}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', p: 2, borderBottom: `1px solid ${brand.line}`, '&:last-of-type': { borderBottom: 0 } }}
            >
              <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                <IconButton size="small" aria-label={`Move ${c.name} up`} disabled={index === 0 || reordering.isLoading} onClick={() => move(index, -1)}>
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label={`Move ${c.name} down`} disabled={index === categories.length - 1 || reordering.isLoading} onClick={() => move(index, 1)}>
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
              </Box>
              <Box sx={{ width: 56, height: 56, borderRadius: 2, bgcolor: c.color, border: `1px solid ${brand.line}`, overflow: 'hidden', flex: 'none' }} title={c.color}>
                {c.images[0] && <Box component="img" src={c.images[0]} alt="" sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />}
              </Box>
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>{c.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {c.products} products · {c.images.length === 1 ? '1 image' : `${c.images.length} images`} · {c.color}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }} role="group" aria-label={`Subcategories of ${c.name}`}>
                  {c.children.map((s) => (
                    <Chip
                      key={s.id}
                      size="small"
                      label={`${s.name} (${s.products})`}
                      onClick={() => setEditing({ kind: 'subcategory', category: c, sub: s })}
                      onDelete={() => setEditing({ kind: 'subcategory', category: c, sub: s })}
                      deleteIcon={<EditIcon aria-label={`Rename ${s.name}`} />}
                    />
                  ))}
                  <Chip size="small" variant="outlined" icon={<AddIcon />} label="Add subcategory" aria-label={`Add a subcategory to ${c.name}`} onClick={() => setEditing({ kind: 'new-subcategory', category: c })} />
                </Box>
              </Box>
              <Button startIcon={<EditIcon />} onClick={() => setEditing({ kind: 'category', category: c })} aria-label={`Edit ${c.name}`}>
                Edit
              </Button>
            </Box>
          ))}
        </Panel>
      )}
      {editing?.kind === 'category' && <CategoryDialog category={editing.category} onClose={() => setEditing(null)} />}
      {editing?.kind === 'new-subcategory' && (
        <NameDialog
          title={`New subcategory of ${editing.category.name}`}
          busy={creatingSub.isLoading}
          onClose={() => setEditing(null)}
          onSave={(name) =>
            void save(() => createSub({ catId: editing.category.id, name }).unwrap(), `${name} added`).then((ok) => ok && setEditing(null))
          }
        />
      )}
      {editing?.kind === 'subcategory' && (
        <NameDialog
          title={`Rename ${editing.sub.name}`}
          initial={editing.sub.name}
          busy={renamingSub.isLoading}
          onClose={() => setEditing(null)}
          onSave={(name) =>
            void save(() => renameSub({ catId: editing.category.id, subId: editing.sub.id, name }).unwrap(), `${name} saved`).then((ok) => ok && setEditing(null))
          }
        />
      )}
    </Box>
  );
}
