import { z } from 'zod';

/**
 * Cash on delivery's holds: how many unconfirmed cash-on-delivery orders one account (its mailbox:
 * the accounts of bob+1@… and bob+2@… are one), and one delivery address, may have open at once.
 * Each holder is a stream (`cod-holds-mailbox-<key>`, `cod-holds-address-<key>`, keyed hashes of
 * the mailbox and of the normalised pincode and address line, so the log names neither); a checkout appends its hold naming the revision it counted at, so a
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
  mailbox: (mailboxKey: string) => `cod-holds-mailbox-${mailboxKey}`,
  address: (addressKey: string) => `cod-holds-address-${addressKey}`,
} as const;
