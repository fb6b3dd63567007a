import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adminProductInput, type AdminLocation, type AdminProductInput, type AdminProductReply } from '@shop/contracts/admin-api';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { TaxClassEditor } from './TaxClassEditor.tsx';
import { useGetCountriesQuery } from '../../api/shopApi.ts';
import { errorMessage } from '../../api/messages.ts';
import { BusyButton, LoadError, Panel } from '../../shared/common.tsx';
import { discountPercent } from '../../shared/format.ts';
import { notifyError, notifySuccess } from '../../store/snackbarSlice.ts';
import { useAppDispatch } from '../../store/store.ts';
import { AdminHeading } from './AdminHeading.tsx';
import { CategoryFields } from './CategoryFields.tsx';
import { useCreateProductMutation, useGetAdminProductQuery, useListAdminCategoriesQuery, useUpdateProductMutation } from './catalogAdminApi.ts';
import { numberOrText, useFormFields, validate } from './formErrors.ts';
import { ImagesField } from './ImagesField.tsx';
import { alignedRows, rowOf, VariantsField, variantsOf, type VariantRow } from './VariantsField.tsx';

const ALL: AdminLocation = { value: 'All', label: 'All' };

/** The form as typed: numbers stay text until the contract's schema reads them. */
interface FormState {
  name: string;
  brand: string;
  description: string;
  images: string[];
  price: string;
  oldPrice: string;
  countInStock: string;
  isFeatured: boolean;
  catId: string;
  subCatId: string;
  productRam: string[];
  size: string[];
  productWeight: string[];
  location: AdminLocation[];
  /** Price and stock per option: null when the product is sold at one price and stock. */
  variants: VariantRow[] | null;
}

const EMPTY: FormState = {
  name: '',
  brand: '',
  description: '',
  images: [],
  price: '',
  oldPrice: '',
  countInStock: '0',
  isFeatured: false,
  catId: '',
  subCatId: '',
  productRam: [],
  size: [],
  productWeight: [],
  location: [ALL],
  variants: null,
};

function formOf(product: AdminProductReply): FormState {
  return {
    ...product,
    price: String(product.price),
    oldPrice: product.oldPrice ? String(product.oldPrice) : '',
    countInStock: String(product.countInStock),
    variants: product.variants?.length ? product.variants.map(rowOf) : null,
  };
}

/** What the form sends: the contract's input, numbers read from their boxes (a blank old price is none). */
function candidateOf(form: FormState): Record<keyof AdminProductInput, unknown> {
  return {
    ...form,
    price: numberOrText(form.price),
    oldPrice: form.oldPrice.trim() === '' ? 0 : numberOrText(form.oldPrice),
    countInStock: numberOrText(form.countInStock),
    variants: variantsOf(alignedRows(form.variants, form, form.name, form.price) ?? []),
  };
}

/** Free-typed options (RAM, sizes, weights) as chips: Enter adds one. */
function ChipsField({ label, value, onChange, error }: { label: string; value: string[]; onChange: (value: string[]) => void; error?: string }) {
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={value}
      onChange={(_e, next) => onChange([...new Set(next.map((v) => v.trim()).filter(Boolean))])}
      renderValue={(values, getItemProps) => values.map((option, index) => <Chip size="small" label={option} {...getItemProps({ index })} key={option} />)}
      renderInput={(params) => <TextField {...params} label={label} placeholder="Type and press Enter" error={Boolean(error)} helperText={error} />}
    />
  );
}

function ProductForm({ id, initial }: { id: string | null; initial: FormState }) {
  const { form, errors, set, setErrors } = useFormFields(initial);
  const categories = useListAdminCategoriesQuery();
  const countries = useGetCountriesQuery();
  const [create, created] = useCreateProductMutation();
  const [update, updated] = useUpdateProductMutation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  const locationOptions = useMemo(() => [ALL, ...(countries.data ?? []).map((c) => ({ value: c.iso2, label: c.country }))], [countries.data]);
  const price = Number(form.price);
  const oldPrice = Number(form.oldPrice);
  const discount = Number.isFinite(price) && Number.isFinite(oldPrice) && price > 0 ? discountPercent({ price, oldPrice }) : 0;

  /** A new product is created on sale, or as a draft that stays out of the shop until published. */
  const save = async ({ draft }: { draft: boolean }) => {
    const checked = validate(adminProductInput, candidateOf(form));
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    try {
      if (id) await update({ id, input: checked.data }).unwrap();
      else await create({ ...checked.data, draft }).unwrap();
      dispatch(notifySuccess(id ? 'Product saved' : draft ? 'Draft saved: it is not in the shop until you publish it' : 'Product created'));
      navigate('/admin/products');
    } catch (err) {
      dispatch(notifyError(errorMessage(err, 'The product could not be saved.')));
    }
  };

  const text = (key: 'name' | 'brand' | 'price' | 'oldPrice' | 'countInStock', label: string, extra: object = {}) => (
    <TextField label={label} value={form[key]} onChange={(e) => set(key, e.target.value)} error={Boolean(errors[key])} helperText={errors[key]} fullWidth {...extra} />
  );
  const numeric = { slotProps: { htmlInput: { inputMode: 'numeric' } } };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void save({ draft: false });
      }}
      aria-label="Product"
    >
      <Panel sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {text('name', 'Name')}
        {text('brand', 'Brand')}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextField
            label="Description"
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
            error={Boolean(errors.description)}
            helperText={errors.description}
            fullWidth
            multiline
            minRows={4}
          />
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <ImagesField label="Images" images={form.images} onChange={(images) => set('images', images)} error={errors.images} />
        </Box>
        {text('price', 'Price (Rs)', numeric)}
        <Box>
          {text('oldPrice', 'Old price (Rs)', numeric)}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="derived-discount">
            {discount > 0 ? `Discount: ${discount}%` : 'No discount'}
          </Typography>
        </Box>
        {id ? (
          <Typography color="text.secondary" sx={{ alignSelf: 'center' }}>
            In stock: {form.countInStock}. Stock changes through “Receive stock” on the products list.
          </Typography>
        ) : (
          text('countInStock', 'Opening stock', numeric)
        )}
        <FormControlLabel control={<Switch checked={form.isFeatured} onChange={(e) => set('isFeatured', e.target.checked)} />} label="Featured on the home page" />
        <CategoryFields
          categories={categories.data?.categories}
          catId={form.catId}
          subCatId={form.subCatId}
          errors={errors}
          labels={{ category: 'Category', noCategory: 'Choose a category', subcategory: 'Subcategory', noSubcategory: 'Choose a subcategory' }}
          onChange={({ catId, subCatId }) => {
            set('catId', catId);
            set('subCatId', subCatId);
          }}
        />
        <ChipsField label="RAM options" value={form.productRam} onChange={(v) => set('productRam', v)} error={errors.productRam} />
        <ChipsField label="Sizes" value={form.size} onChange={(v) => set('size', v)} error={errors.size} />
        <ChipsField label="Weights" value={form.productWeight} onChange={(v) => set('productWeight', v)} error={errors.productWeight} />
        <VariantsField
          rows={form.variants}
          lists={form}
          productName={form.name}
          price={form.price}
          stockEditable={!id}
          error={errors.variants}
          onChange={(rows) => set('variants', rows)}
        />
        <Autocomplete
          multiple
          options={locationOptions}
          value={form.location}
          isOptionEqualToValue={(a, b) => a.value === b.value}
          getOptionLabel={(o) => (o.value === 'All' ? 'All countries' : `${o.label} (${o.value})`)}
          onChange={(_e, next) => set('location', next)}
          renderInput={(params) => <TextField {...params} label="Sold in" error={Boolean(errors.location)} helperText={errors.location} />}
        />
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button component={Link} to="/admin/products">
            Cancel
          </Button>
          {!id && (
            <BusyButton variant="outlined" busy={created.isLoading} busyLabel="Saving…" onClick={() => void save({ draft: true })}>
              Save as draft
            </BusyButton>
          )}
          <BusyButton type="submit" variant="contained" busy={created.isLoading || updated.isLoading} busyLabel="Saving…">
            {id ? 'Save product' : 'Create product'}
          </BusyButton>
        </Box>
      </Panel>
    </Box>
  );
}

/** `/admin/products/new` and `/admin/products/:id`: every field of the contract's product input. */
export default function ProductEditPage() {
  const { id } = useParams();
  const product = useGetAdminProductQuery(id ?? skipToken);
  return (
    <Box data-testid="admin-product-edit">
      <AdminHeading title={id ? 'Edit product' : 'New product'} subtitle={id && product.data ? product.data.name : undefined} />
      {!id && <ProductForm id={null} initial={EMPTY} />}
      {id && product.isLoading && <Skeleton variant="rounded" height={480} />}
      {id && product.data && <ProductForm key={id} id={id} initial={formOf(product.data)} />}
      {id && product.data && <TaxClassEditor owner="products" id={id} />}
      {id && !product.data && product.error && <LoadError error={product.error} onRetry={() => void product.refetch()} />}
    </Box>
  );
}
