import { z } from 'zod';

/**
 * Cash on delivery's holds: how many unconfirmed cash-on-delivery orders one account, and one
 * delivery address, may have open at once. Each holder is a stream (`cod-holds-account-<userId>`,
 * `cod-holds-address-<key>`, the key a keyed hash of the normalised pincode and address line, so
 * the log names no address); a checkout appends its hold naming the revision it counted at, so a
 * burst of checkouts, from one account or from many to one address, cannot all pass the cap.
 *
 * A hold counts until its `until` (the order's confirm-by time) unless its order was confirmed or
 * cancelled meanwhile (read from the order's own stream when the next hold is decided), or its
 * checkout placed no order (`CodHoldReleased`).
 */
export const codHoldTaken = z.object({
  /** The cash payment's id (`cod_<receipt>`), whose order the hold is for. */
  holdId: z.string().min(1).max(100),
  takenAt: z.iso.datetime(),
  until: z.iso.datetime(),
});

/** The checkout that took the hold placed no order (out of stock, a refusal): it no longer counts. */
export const codHoldReleased = z.object({
  holdId: z.string().min(1).max(100),
  reason: z.string().min(1).max(300),
});

export const codHoldEventSchemas = { CodHoldTaken: codHoldTaken, CodHoldReleased: codHoldReleased } as const;
export type CodHoldEventMap = { [K in keyof typeof codHoldEventSchemas]: z.infer<(typeof codHoldEventSchemas)[K]> };

export const codHoldStreams = {
  account: (userId: string) => `cod-holds-account-${userId}`,
  address: (addressKey: string) => `cod-holds-address-${addressKey}`,
} as const;
