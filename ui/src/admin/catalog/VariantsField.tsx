import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { VARIANT_OPTION_KINDS, variantLabel, type ProductVariant, type VariantOptions } from '@shop/contracts/product-variants';
import { numberOrText } from './formErrors.ts';

/** A variant as typed: numbers stay text until the contract's schema reads them. */
export interface VariantRow {
  sku: string;
  options: VariantOptions;
  price: string;
  oldPrice: string;
  countInStock: string;
}

type OptionLists = { size: string[]; productRam: string[]; productWeight: string[] };

/** Every combination of the product's option lists (one label of each non-empty list). */
export function combinations(lists: OptionLists): VariantOptions[] {
  let all: VariantOptions[] = [{}];
  for (const kind of VARIANT_OPTION_KINDS) {
    if (lists[kind].length === 0) continue;
    all = all.flatMap((options) => lists[kind].map((label) => ({ ...options, [kind]: label })));
  }
  return all.length === 1 && Object.keys(all[0]!).length === 0 ? [] : all;
}

export const rowOf = (v: ProductVariant): VariantRow => ({
  sku: v.sku,
  options: v.options,
  price: String(v.price),
  oldPrice: v.oldPrice ? String(v.oldPrice) : '',
  countInStock: String(v.countInStock),
});

/** What the form sends for its variant rows (a blank old price is none). */
export function variantsOf(rows: VariantRow[]): unknown[] {
  return rows.map((row) => ({
    sku: row.sku.trim(),
    options: row.options,
    price: numberOrText(row.price),
    ...(row.oldPrice.trim() === '' ? {} : { oldPrice: numberOrText(row.oldPrice) }),
    countInStock: numberOrText(row.countInStock),
  }));
}

/** A SKU proposed for a new combination: the product's name initials and the labels ("ZL-16GB"). */
function proposedSku(name: string, options: VariantOptions): string {
  const stem = name.split(/\s+/).map((w) => w[0] ?? '').join('').replace(/[^A-Za-z0-9]/g, '').toUpperCase() || 'SKU';
  const labels = VARIANT_OPTION_KINDS.map((kind) => options[kind]?.replace(/[^A-Za-z0-9]/g, '').toUpperCase()).filter(Boolean);
  return [stem, ...labels].join('-').slice(0, 64);
}

const sameOptions = (a: VariantOptions, b: VariantOptions) => VARIANT_OPTION_KINDS.every((kind) => (a[kind] ?? null) === (b[kind] ?? null));

/** The rows for the option lists as they stand: kept rows, new combinations at the product's price, none when off. */
export function alignedRows(rows: VariantRow[] | null, lists: OptionLists, productName: string, price: string): VariantRow[] | null {
  if (!rows) return null;
  const wanted = combinations(lists);
  if (wanted.length === 0) return null;
  return wanted.map((options) => rows.find((row) => sameOptions(row.options, options)) ?? { sku: proposedSku(productName, options), options, price, oldPrice: '', countInStock: '0' });
}

/**
 * "Price and stock per option": one row per combination of the options above, each with its SKU,
 * price, old price and stock. Rows follow the option lists: a new label adds its rows (at the
 * product's price), a removed one drops them. An edited product's stock is shown, not typed:
 * it moves by receipts and sales.
 */
export function VariantsField(props: {
  rows: VariantRow[] | null;
  lists: OptionLists;
  productName: string;
  price: string;
  stockEditable: boolean;
  error?: string;
  onChange: (rows: VariantRow[] | null) => void;
}) {
  const { rows, lists, productName, price, stockEditable, error, onChange } = props;
  const wanted = combinations(lists);
  if (wanted.length === 0) return null;
  const shown = alignedRows(rows, lists, productName, price);
  const change = (index: number, field: 'sku' | 'price' | 'oldPrice' | 'countInStock', value: string) =>
    onChange(shown!.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  return (
    <Box sx={{ gridColumn: '1 / -1' }} data-testid="admin-variants">
      <FormControlLabel
        control={<Switch checked={shown !== null} onChange={(e) => onChange(e.target.checked ? alignedRows([], lists, productName, price) : null)} />}
        label="Price and stock per option (variants)"
      />
      {error && (
        <Typography color="error" variant="body2" role="alert">
          {error}
        </Typography>
      )}
      {shown?.map((row, index) => (
        <Box key={variantLabel(row.options)} data-testid="admin-variant" sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', md: '1.2fr 1.2fr 1fr 1fr 0.8fr' }, alignItems: 'center', py: 0.75 }}>
          <Typography sx={{ fontWeight: 700 }}>{variantLabel(row.options)}</Typography>
          <TextField size="small" label="SKU" value={row.sku} onChange={(e) => change(index, 'sku', e.target.value)} />
          <TextField size="small" label="Price (Rs)" value={row.price} onChange={(e) => change(index, 'price', e.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <TextField size="small" label="Old price (Rs)" value={row.oldPrice} onChange={(e) => change(index, 'oldPrice', e.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          {stockEditable ? (
            <TextField size="small" label="Stock" value={row.countInStock} onChange={(e) => change(index, 'countInStock', e.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          ) : (
            <Typography color="text.secondary">In stock: {row.countInStock}</Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
