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
 * Which of this user's sessions (tokens) the server has withdrawn. Every field only ever grows
 * stronger as events arrive (a later event never brings a withdrawn session back):
 * - `allBefore`: every token issued before it (ms since the epoch) is over: the admin role was
 *   revoked, the password reset, or two password changes kept different sessions;
 * - `notBefore` / `keptSession`: tokens issued before `notBefore` are over, except the session
 *   that changed the password itself (`keptSession`);
 * - `signedOut`: single sessions their holders signed out;
 * - `role`: the account's latest role event (its admin right and the event's time), so a token
 *   claiming admin rights that a later role change contradicts is refused.
 * Documents written before the optional fields existed lack them (they read as "nothing").
 */
export interface SessionCutoffDoc extends Identified {
  notBefore: number;
  keptSession: string | null;
  allBefore?: number;
  signedOut?: { sessionId: string; signedInAt: number }[];
  role?: { isAdmin: boolean; at: string | null };
}

/** An account as the back office's customers list keeps it (`CUSTOMERS.customers`). */
export type CustomerDoc = AdminCustomerRow & Identified;
