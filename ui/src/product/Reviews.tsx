import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { REVIEW_MESSAGES as REVIEW_RULES } from '@shop/contracts/review-rules';
import { replyMessage } from '../api/shopApi.ts';
import { useAddReviewMutation } from './reviewsApi.ts';
import type { Review } from '../api/types.ts';
import { brand } from '../shared/theme.ts';
import { datePart } from '../shared/format.ts';
import { useSession } from '../session/hooks.ts';
import { useAppDispatch } from '../store/store.ts';
import { notifyError, notifySignInNeeded, notifySuccess } from '../store/snackbarSlice.ts';

export const REVIEW_MESSAGES = { loginRequired: 'Please Login first', empty: 'Please add a Review', ratingMissing: REVIEW_RULES.ratingMissing } as const;

/**
 * The review list (date part before the T, a "Verified buyer" badge on reviews of shoppers who
 * bought and received the product) and the Add a review form, which starts with no stars and
 * posts nothing until the shopper has chosen a rating.
 */
export function Reviews({ productId, reviews, loading }: { productId: string; reviews: Review[]; loading: boolean }) {
  const { signedIn, user } = useSession();
  const dispatch = useAppDispatch();
  const [text, setText] = useState('');
  // No stars until the shopper picks some: an untouched form must not say "one star".
  const [stars, setStars] = useState<number | null>(null);
  const [addReview, { isLoading }] = useAddReviewMutation();
  const location = useLocation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!signedIn || !user) {
      dispatch(notifySignInNeeded(REVIEW_MESSAGES.loginRequired, `${location.pathname}${location.search}`));
      return;
    }
    if (!text.trim()) {
      dispatch(notifyError(REVIEW_MESSAGES.empty));
      return;
    }
    if (stars === null) {
      dispatch(notifyError(REVIEW_MESSAGES.ratingMissing));
      return;
    }
    try {
      await addReview({ productId, customerName: user.name, customerId: user.userId, review: text.trim(), customerRating: stars }).unwrap();
      setText('');
      setStars(null);
      dispatch(notifySuccess('Thank you for your review!'));
    } catch (error) {
      dispatch(notifyError(replyMessage(error, 'Could not add your review')));
    }
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 4 }}>
      <Box>
        <Typography variant="h3" component="h3" sx={{ mb: 2 }}>
          Customer reviews
        </Typography>
        {loading && <Typography color="text.secondary">Loading reviews…</Typography>}
        {!loading && reviews.length === 0 && <Typography color="text.secondary">No reviews yet. Be the first to review this product.</Typography>}
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }} data-testid="review-list">
          {reviews.map((review) => (
            <Box component="li" key={review.id} sx={{ display: 'flex', gap: 2, p: 2, border: `1px solid ${brand.line}`, borderRadius: 3 }}>
              <Avatar sx={{ bgcolor: brand.indigoLight, color: brand.indigo, fontWeight: 700 }}>{review.customerName.slice(0, 1).toUpperCase()}</Avatar>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                  <Box>
                    <Box sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      {review.customerName}
                      {review.verifiedBuyer && <Chip label="Verified buyer" size="small" color="success" variant="outlined" data-testid="verified-buyer" sx={{ fontWeight: 600 }} />}
                    </Box>
                    <Box sx={{ fontSize: 12.5, color: 'text.secondary' }} data-testid="review-date">
                      {datePart(review.dateCreated)}
                    </Box>
                  </Box>
                  <Rating value={Number(review.customerRating) || 0} precision={0.5} readOnly size="small" />
                </Box>
                <Typography sx={{ mt: 1, fontSize: 14.5 }}>{review.review}</Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
      <Box component="form" onSubmit={submit} aria-label="Add a review" sx={{ p: 2.5, bgcolor: '#f8f9fd', border: `1px solid ${brand.line}`, borderRadius: 3, alignSelf: 'start' }}>
        <Typography variant="h3" component="h3" sx={{ mb: 1.5 }}>
          Add a review
        </Typography>
        <TextField value={text} onChange={(e) => setText(e.target.value)} placeholder="Write a Review" multiline minRows={4} fullWidth slotProps={{ htmlInput: { 'aria-label': 'Write a Review' } }} sx={{ bgcolor: '#fff' }} />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1.5, gap: 1, flexWrap: 'wrap' }}>
          <Rating name="customerRating" value={stars} precision={0.5} onChange={(_e, value) => setStars(value)} aria-label="Your rating" />
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Submitting…' : 'Submit Review'}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
