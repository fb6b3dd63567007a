import type { Identified } from './catalog-read-models.ts';

/** A review as `GET /api/productReviews` serves it (ISO `dateCreated`). */
export interface ReviewDoc extends Identified {
  productId: string;
  customerName: string;
  customerId: string;
  review: string;
  customerRating: number;
  dateCreated: string;
  /** The reviewer had bought and received the product when they wrote it (the "Verified buyer" badge). */
  verifiedBuyer: boolean;
}
