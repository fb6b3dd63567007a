import { createHash, createHmac } from 'node:crypto';
import { normaliseEmail as mailboxOf } from '@shop/contracts';

/** The form uniqueness is decided on: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Hex SHA-256 of the normalised e-mail: how streams were named before lookups were keyed. Anyone
 * holding the log could test a guessed address against it, so it is only read now (the
 * reservations and newsletter streams of older logs), never written.
 */
export function emailDigest(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('hex');
}

/**
 * The e-mail lookups (one account per e-mail, sign-in, the newsletter): streams are named by a
 * keyed hash (HMAC-SHA256 under a secret of the shop, not in the log), so neither the log nor a
 * copy of it shows an address or lets one be confirmed by guessing. `legacy` names the stream an
 * older log used for the same address.
 */
export class EmailLookup {
  constructor(private readonly key: Uint8Array) {}

  digest(email: string): string {
    return createHmac('sha256', this.key).update(normaliseEmail(email)).digest('hex');
  }

  legacy(email: string): string {
    return emailDigest(email);
  }

  /**
   * Whose per-person promotion limits and first-order discount an address counts against: its
   * mailbox (plus-addressing and Gmail dots removed), so two accounts of one mailbox are one
   * shopper. Keyed like `digest` (under another label), so the log's promotion claims name no
   * address and confirm none that is guessed, and an erased person's claims say nothing of them.
   */
  mailbox(email: string): string {
    return createHmac('sha256', this.key).update(`mailbox:${mailboxOf(email)}`).digest('hex').slice(0, 40);
  }

  /**
   * The key a delivery address's cash-on-delivery holds are kept under (`codAddressOf`: pincode and
   * normalised line), keyed like the others so the log names no address.
   */
  deliveryAddress(address: string): string {
    return createHmac('sha256', this.key).update(`delivery-address:${address}`).digest('hex').slice(0, 40);
  }
}

/** What pricing needs of the e-mail lookups: the mailbox key of a shopper's address. */
export type MailboxKeys = Pick<EmailLookup, 'mailbox'>;
/** What checkout needs of them: the mailbox key, and a delivery address's key for cash on delivery. */
export type CheckoutKeys = Pick<EmailLookup, 'mailbox' | 'deliveryAddress'>;
