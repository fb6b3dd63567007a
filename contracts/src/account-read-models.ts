import type { AdminCustomerRow } from './admin-api.ts';
import type { Identified } from './catalog-read-models.ts';

/** The public face of an account. Never carries a password hash or a one-time code. */
export interface UserDoc extends Identified {
  name: string;
  email: string;
  phone: string;
  images: string[];
  isAdmin: boolean;
  isVerify: boolean;
  dateCreated: string;
}

/** One avatar upload of one user (`GET /api/imageUpload`). */
export interface ImageUploadDoc extends Identified {
  userId: string;
  images: string[];
  dateCreated: string;
}

/** What sign-in and Google sign-in reply with under `user`. */
export interface SignedInUser {
  id: string;
  _id: string;
  name: string;
  email: string;
  phone: string;
  images: string[];
  isAdmin: boolean;
}

/**
 * Tokens of this user issued before `notBefore` (ms since the epoch) are no longer accepted:
 * the password was changed or reset, or the admin role revoked. The session that changed the
 * password itself (`keptSession`) goes on.
 */
export interface SessionCutoffDoc extends Identified {
  notBefore: number;
  keptSession: string | null;
}

/** An account as the back office's customers list keeps it (`CUSTOMERS.customers`). */
export type CustomerDoc = AdminCustomerRow & Identified;
