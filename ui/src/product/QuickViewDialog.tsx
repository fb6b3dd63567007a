import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useGetProductQuery } from '../api/shopApi.ts';
import { ProductDetailBody } from './ProductDetailBody.tsx';

/** Quick view: the product detail body in a dialog (full screen on phones). */
export default function QuickViewDialog({ productId, onClose }: { productId: string; onClose: () => void }) {
  const { data: product, isError } = useGetProductQuery(productId);
  const phone = useMediaQuery('(max-width:575.98px)');
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      fullScreen={phone}
      // The name belongs on the element with role="dialog" (the paper), not on the backdrop's root.
      slotProps={{ paper: { 'aria-label': product ? `Quick view: ${product.name}` : 'Quick view' } as object }}
      data-testid="quick-view"
    >
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 10, top: 10, zIndex: 5, bgcolor: '#fff', boxShadow: 1 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ p: { xs: 2, md: 4 } }}>
        {product ? (
          <ProductDetailBody product={product} reviewCount={product.numReviews ?? 0} headingLevel="h2" />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 10, color: 'text.secondary' }}>{isError ? 'This product could not be loaded.' : <CircularProgress />}</Box>
        )}
      </DialogContent>
    </Dialog>
  );
}
