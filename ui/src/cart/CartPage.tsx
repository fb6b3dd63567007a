import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useState } from 'react';
import { useGetCartQuery, useRemoveCartItemMutation, useUpdateCartItemMutation } from '../api/cartApi.ts';
import { errorMessage } from '../api/messages.ts';
import { EmptyState, LoadError, PageFrame, Panel, useErrorNotice } from '../shared/common.tsx';
import { ProductCell } from '../shared/ProductCell.tsx';
import { RequireShopper } from '../session/RequireShopper.tsx';
import { stackedTableSx } from '../shared/tableStyles.ts';
import { brand } from '../shared/theme.ts';
import { CART_MESSAGES } from '../shared/useAddToCart.ts';
import type { SessionUser } from '../session/storage.ts';
import { useAppDispatch } from '../store/store.ts';
import { notifyError, notifySuccess } from '../store/snackbarSlice.ts';
import { BusyOverlay } from '../shared/BusyOverlay.tsx';
import { cartTotals, lineOptions, lineSubtotal, productCountLine, unitPrice, type CartLine } from '../shared/cartFormat.ts';
import { CartQuantity } from './CartQuantity.tsx';
import { CartTotals } from './CartTotals.tsx';

/** The overlay stays about this long after a quantity change (1 s, as the original did). */
export const OVERLAY_AFTER_UPDATE_MS = 1000;
export const CART_REMOVED = 'item removed from cart!';

interface Overlay {
  /** Not before this time (ms since epoch). */
  until: number;
  /** The server answered. */
  done: boolean;
}

function CartSkeleton() {
  return (
    <Panel sx={{ p: 2 }} aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Box key={i} sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 1.5 }}>
          <Skeleton variant="rounded" width={76} height={76} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="60%" height={24} />
            <Skeleton width="30%" />
          </Box>
        </Box>
      ))}
    </Panel>
  );
}

function CartView({ user }: { user: SessionUser }) {
  const dispatch = useAppDispatch();
  const cart = useGetCartQuery(user.userId);
  const [updateLine] = useUpdateCartItemMutation();
  const [removeLine] = useRemoveCartItemMutation();
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  useErrorNotice(cart.error);

  // The overlay clears once the server answered (its reply is already in the cart; a refused
  // change refetches the cart first), and for a quantity change not before about a second has passed.
  useEffect(() => {
    if (!overlay?.done || cart.isFetching) return;
    const timer = window.setTimeout(() => setOverlay(null), Math.max(0, overlay.until - Date.now()));
    return () => window.clearTimeout(timer);
  }, [overlay, cart.isFetching]);

  const lines = (cart.data ?? []) as CartLine[];
  const totals = cartTotals(lines);
  const busy = overlay !== null;

  const changeQuantity = async (line: CartLine, quantity: number) => {
    if (busy || quantity < 1 || line.quantity <= 0) return;
    setOverlay({ until: Date.now() + OVERLAY_AFTER_UPDATE_MS, done: false });
    try {
      const price = Math.trunc(Number(line.price) || 0);
      await updateLine({
        id: line.id,
        productTitle: line.productTitle,
        image: line.image,
        rating: line.rating,
        price: line.price,
        quantity,
        subTotal: price * quantity,
        productId: line.productId,
        userId: user.userId,
      }).unwrap();
    } catch (error) {
      dispatch(notifyError(errorMessage(error, 'The quantity could not be changed.')));
    }
    setOverlay((o) => (o ? { ...o, done: true } : o));
  };

  const remove = async (line: CartLine) => {
    if (busy) return;
    setOverlay({ until: 0, done: false });
    try {
      const reply = await removeLine({ id: line.id, userId: user.userId }).unwrap();
      dispatch(notifySuccess(reply.message || CART_REMOVED));
    } catch (error) {
      dispatch(notifyError(errorMessage(error, 'The item could not be removed.')));
    }
    setOverlay((o) => (o ? { ...o, done: true } : o));
  };

  const subtitle = cart.isSuccess ? productCountLine(lines.length, 'your cart') : cart.isError ? undefined : ' ';

  return (
    <PageFrame title="Your Cart" subtitle={subtitle} testId="cart-page">
      {cart.isLoading ? (
        <CartSkeleton />
      ) : cart.isError && !cart.data ? (
        <LoadError error={cart.error} onRetry={() => void cart.refetch()} />
      ) : lines.length === 0 ? (
        <EmptyState icon={<ShoppingCartOutlinedIcon />} message="Your Cart is currently empty" hint="Browse the shop and add the gifts and gear you like." testId="cart-empty" />
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' }, gap: 3, alignItems: 'start' }}>
          <Panel sx={{ overflow: 'hidden' }}>
            <Box component="table" sx={stackedTableSx} data-testid="cart-table">
              <thead>
                <tr>
                  <th scope="col" style={{ width: '46%' }}>
                    Product
                  </th>
                  <th scope="col">Unit Price</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Subtotal</th>
                  <th scope="col" style={{ textAlign: 'center' }}>
                    Remove
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => {
                  const options = lineOptions(line);
                  return (
                    <Box component="tr" key={line.id} data-testid="cart-line" data-product-id={line.productId}>
                      <td data-cell="main">
                        <ProductCell
                          productId={line.productId}
                          title={line.productTitle}
                          image={line.image}
                          rating={line.rating}
                          extra={
                            options.length > 0 && (
                              <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
                                {options.map((o) => (
                                  <Chip key={o} label={o} size="small" sx={{ bgcolor: brand.indigoLight, color: brand.indigo, height: 22 }} data-testid="line-option" />
                                ))}
                              </Box>
                            )
                          }
                        />
                      </td>
                      <td data-label="Unit Price" data-testid="line-price">
                        {unitPrice(line.price)}
                      </td>
                      <td data-label="Quantity">
                        <CartQuantity
                          value={line.quantity}
                          countInStock={line.countInStock}
                          label={line.productTitle}
                          disabled={busy}
                          onChange={(quantity) => void changeQuantity(line, quantity)}
                          onTooMany={() => dispatch(notifyError(CART_MESSAGES.overStock))}
                        />
                      </td>
                      <td data-label="Subtotal" data-testid="line-subtotal">
                        <Box component="span" sx={{ fontWeight: 700 }}>
                          {lineSubtotal(line.subTotal)}
                        </Box>
                      </td>
                      <td data-cell="corner" style={{ textAlign: 'center' }}>
                        <IconButton aria-label={`Remove ${line.productTitle} from cart`} onClick={() => void remove(line)} disabled={busy} sx={{ color: brand.muted, '&:hover': { color: brand.red, bgcolor: '#fdeaea' } }}>
                          <DeleteOutlineIcon />
                        </IconButton>
                      </td>
                    </Box>
                  );
                })}
              </tbody>
            </Box>
          </Panel>
          <CartTotals amount={totals.amount} disabled={busy} cartKey={lines.map((line) => `${line.id}:${line.quantity}`).join(',')} />
        </Box>
      )}
      <BusyOverlay open={busy} />
    </PageFrame>
  );
}

/** /cart: the signed-in shopper's cart lines, quantities, removal and totals. */
export default function CartPage() {
  return <RequireShopper>{(user) => <CartView user={user} />}</RequireShopper>;
}
