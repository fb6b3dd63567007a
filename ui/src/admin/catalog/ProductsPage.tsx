import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { stockReceiptInput, type AdminProductRow } from '@shop/contracts/admin-api';
import { variantLabel } from '@shop/contracts/product-variants';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/messages.ts';
import { BusyButton, LoadError, Panel } from '../../shared/common.tsx';
import { rupees } from '../../shared/format.ts';
import { stackedTableSx } from '../../shared/tableStyles.ts';
import { brand } from '../../shared/theme.ts';
import { useDebounced } from '../../shared/useDebounced.ts';
import { notifyError, notifySuccess } from '../../store/snackbarSlice.ts';
import { useAppDispatch } from '../../store/store.ts';
import { AdminHeading } from './AdminHeading.tsx';
import { useListAdminCategoriesQuery, useListAdminProductsQuery, useReceiveStockMutation, useSetProductPublishedMutation } from './catalogAdminApi.ts';
import { numberOrText, validate } from './formErrors.ts';

const PER_PAGE = 20;
const SEARCH_SETTLE_MS = 300;

/** `POST /api/admin/products/:id/stock`: a receipt adds to the stock (the server never sets it). */
function ReceiveStockDialog({ product, onClose }: { product: AdminProductRow; onClose: () => void }) {
  const [quantity, setQuantity] = useState('');
  const variants = product.variants ?? [];
  const [sku, setSku] = useState(variants[0]?.sku ?? '');
  const variant = variants.find((v) => v.sku === sku);
  const [error, setError] = useState<string>();
  const [receive, { isLoading }] = useReceiveStockMutation();
  const dispatch = useAppDispatch();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(stockReceiptInput, { quantity: numberOrText(quantity) });
    if (checked.errors) {
      setError(checked.errors.quantity);
      return;
    }
    try {
      await receive({ id: product.id, quantity: checked.data.quantity, ...(variant ? { sku: variant.sku } : {}) }).unwrap();
      dispatch(notifySuccess(`Received ${checked.data.quantity} of ${product.name}${variant ? ` (${variantLabel(variant.options)})` : ''}`));
      onClose();
    } catch (err) {
      dispatch(notifyError(errorMessage(err, 'The stock could not be received.')));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="receive-stock-title">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="receive-stock-title">Receive stock</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {product.name}
            {variant ? ` (${variantLabel(variant.options)}): ${variant.countInStock}` : `: ${product.countInStock}`} in stock now.
          </Typography>
          {variants.length > 0 && (
            <TextField select fullWidth label="Variant received" value={sku} onChange={(e) => setSku(e.target.value)} sx={{ mb: 2 }} slotProps={{ select: { native: true } }}>
              {variants.map((v) => (
                <option key={v.sku} value={v.sku}>
                  {`${variantLabel(v.options)} · ${v.sku} · ${v.countInStock} in stock`}
                </option>
              ))}
            </TextField>
          )}
          <TextField
            autoFocus
            fullWidth
            label="Quantity received"
            value={quantity}
            onChange={(e) => {
              setQuantity(e.target.value);
              setError(undefined);
            }}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <BusyButton type="submit" variant="contained" busy={isLoading} busyLabel="Saving…">
            Add to stock
          </BusyButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function ProductRow({ product, onReceive }: { product: AdminProductRow; onReceive: () => void }) {
  const [setPublished, { isLoading }] = useSetProductPublishedMutation();
  const dispatch = useAppDispatch();
  const toggle = async () => {
    try {
      const reply = await setPublished({ id: product.id, published: !product.published }).unwrap();
      dispatch(notifySuccess(reply.published ? `${product.name} is back in the shop` : `${product.name} is unpublished`));
    } catch (err) {
      dispatch(notifyError(errorMessage(err)));
    }
  };
  return (
    <tr data-testid="admin-product-row" data-product-id={product.id}>
      <td data-cell="main">
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Box component="img" src={product.images[0] || '/banner-placeholder.svg'} alt="" width={48} height={48} sx={{ objectFit: 'contain', borderRadius: 1, bgcolor: brand.page, flex: 'none' }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{product.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {product.brand}
            </Typography>
          </Box>
        </Box>
      </td>
      <td data-label="Category">
        {product.catName} › {product.subCatName}
      </td>
      <Box component="td" data-label="Price" sx={{ whiteSpace: 'nowrap' }}>
        {rupees(product.price)}
      </Box>
      <td data-label="Stock" data-testid="stock">
        {product.countInStock}
      </td>
      <td data-label="Status">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <Chip size="small" label={product.published ? 'Published' : 'Unpublished'} color={product.published ? 'success' : 'default'} variant="outlined" />
          {product.isFeatured && <Chip size="small" label="Featured" />}
        </Box>
      </td>
      <td data-label="Actions">
        <Box sx={{ display: 'flex', flexWrap: { xs: 'wrap', lg: 'nowrap' }, gap: 0.5, justifyContent: 'flex-end' }}>
          <Button size="small" component={Link} to={`/admin/products/${product.id}`} startIcon={<EditIcon />} aria-label={`Edit ${product.name}`}>
            Edit
          </Button>
          <Button size="small" startIcon={<Inventory2Icon />} onClick={onReceive} aria-label={`Receive stock of ${product.name}`}>
            Stock
          </Button>
          <BusyButton size="small" busy={isLoading} onClick={() => void toggle()} aria-label={`${product.published ? 'Unpublish' : 'Publish'} ${product.name}`}>
            {product.published ? 'Unpublish' : 'Publish'}
          </BusyButton>
        </Box>
      </td>
    </tr>
  );
}

/** `/admin/products`: the catalog with search, category and published filters, a page at a time. */
export default function ProductsPage() {
  const [text, setText] = useState('');
  const [catId, setCatId] = useState('');
  const [published, setPublished] = useState<'' | 'true' | 'false'>('');
  const [page, setPage] = useState(1);
  const [receiving, setReceiving] = useState<AdminProductRow | null>(null);
  const q = useDebounced(text.trim(), SEARCH_SETTLE_MS);
  const categories = useListAdminCategoriesQuery();
  const list = useListAdminProductsQuery({ q, catId, published: published || undefined, page, perPage: PER_PAGE });
  const products = list.data?.products ?? [];

  return (
    <Box data-testid="admin-products">
      <AdminHeading
        title="Products"
        actions={
          <Button component={Link} to="/admin/products/new" variant="contained" startIcon={<AddIcon />}>
            New product
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' }, mb: 2 }}>
        <TextField
          size="small"
          label="Search"
          placeholder="Name, brand or id"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPage(1);
          }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
        />
        <TextField
          select
          size="small"
          label="Category"
          value={catId}
          onChange={(e) => {
            setCatId(e.target.value);
            setPage(1);
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">All categories</option>
          {categories.data?.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Status"
          value={published}
          onChange={(e) => {
            setPublished(e.target.value as '' | 'true' | 'false');
            setPage(1);
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Published and unpublished</option>
          <option value="true">Published</option>
          <option value="false">Unpublished</option>
        </TextField>
      </Box>
      {list.isLoading && <Skeleton variant="rounded" height={360} />}
      {!list.data && list.error && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && (
        <Panel sx={{ overflow: 'hidden', opacity: list.isFetching ? 0.7 : 1 }}>
          {products.length === 0 ? (
            <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
              No product matches these filters.
            </Typography>
          ) : (
            <Box component="table" sx={stackedTableSx} aria-label="Products">
              <thead>
                <tr>
                  <th>Product</th>
                  <th>Category</th>
                  <th>Price</th>
                  <th>Stock</th>
                  <th>Status</th>
                  <th aria-label="Actions" />
                </tr>
              </thead>
              <tbody>
                {products.map((p) => (
                  <ProductRow key={p.id} product={p} onReceive={() => setReceiving(p)} />
                ))}
              </tbody>
            </Box>
          )}
        </Panel>
      )}
      {list.data && list.data.totalPages > 1 && (
        <Pagination sx={{ mt: 2, display: 'flex', justifyContent: 'center' }} count={list.data.totalPages} page={list.data.page} onChange={(_e, next) => setPage(next)} />
      )}
      {receiving && <ReceiveStockDialog product={receiving} onClose={() => setReceiving(null)} />}
    </Box>
  );
}
