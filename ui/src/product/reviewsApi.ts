import { shopApi } from '../api/shopApi.ts';
import type { NewReview, Review } from '../api/types.ts';

/** A product's reviews (the product page's Reviews tab). */
export const reviewsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getReviews: build.query<Review[], string>({
      query: (productId) => ({ url: '/productReviews', params: { productId } }),
      providesTags: (_reply, _error, productId) => [{ type: 'Reviews', id: productId }],
    }),
    addReview: build.mutation<Review, NewReview>({
      query: (review) => ({ url: '/productReviews/add', method: 'POST', body: review }),
      // A review changes the list and the product's average rating.
      invalidatesTags: (_reply, _error, review) => [
        { type: 'Reviews', id: review.productId },
        { type: 'Product', id: review.productId },
      ],
    }),
  }),
});

export const { useGetReviewsQuery, useAddReviewMutation } = reviewsApi;
