import TextField from '@mui/material/TextField';
import type { AdminCategoryRow } from '@shop/contracts/admin-api';

const native = { select: { native: true }, inputLabel: { shrink: true } };

/**
 * A category then one of its subcategories, as the product editor and the banner dialog pick
 * them: choosing another category clears the subcategory, which is offered only once a category
 * is chosen. `labels` names the two fields and their empty choices the way each form words them.
 */
export function CategoryFields({
  categories,
  catId,
  subCatId,
  errors,
  labels,
  onChange,
}: {
  categories: readonly AdminCategoryRow[] | undefined;
  catId: string;
  subCatId: string;
  errors: { catId?: string; subCatId?: string };
  labels: { category: string; noCategory: string; subcategory: string; noSubcategory: string };
  onChange: (next: { catId: string; subCatId: string }) => void;
}) {
  const category = categories?.find((c) => c.id === catId);
  return (
    <>
      <TextField
        select
        label={labels.category}
        value={catId}
        onChange={(e) => onChange({ catId: e.target.value, subCatId: '' })}
        error={Boolean(errors.catId)}
        helperText={errors.catId}
        slotProps={native}
      >
        <option value="">{labels.noCategory}</option>
        {categories?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label={labels.subcategory}
        value={subCatId}
        onChange={(e) => onChange({ catId, subCatId: e.target.value })}
        error={Boolean(errors.subCatId)}
        helperText={errors.subCatId}
        disabled={!category}
        slotProps={native}
      >
        <option value="">{labels.noSubcategory}</option>
        {category?.children.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </TextField>
    </>
  );
}
