import type { Readable } from 'node:stream';
import type { DocumentStore, FileStore, GoogleIdentityVerifier, Logger, PublicUrls, TokenService } from '@shop/platform';
import type { WriteThrottle } from '../shared/write-throttle.ts';
import type { AccountCommands } from './commands.ts';

/** What the account routes need from the composition root (the server's `Shop` has all of it). */
export interface AccountRouteDeps {
  accounts: AccountCommands;
  tokens: TokenService;
  files: FileStore;
  /** Null when GOOGLE_CLIENT_ID is not configured. */
  google: GoogleIdentityVerifier | null;
  /** Read models, to answer a command with the document the next GET will show. */
  docs: DocumentStore;
  logger: Logger;
  /** Image paths in replies (avatars, uploads) become URLs at the shop's public address. */
  publicUrls: PublicUrls;
  config: {
    GOOGLE_CLIENT_ID?: string | undefined;
    /** Avatar uploads read at once by this process. */
    UPLOAD_SLOTS: number;
    /** How long an upload's body may take to arrive before it is answered 408. */
    UPLOAD_BODY_TIMEOUT_MS: number;
    /** Bytes of avatar files one user may keep. */
    UPLOAD_QUOTA_BYTES: number;
  };
  awaitProjections(position: bigint, projections: string[]): Promise<void>;
  /** Per-user budgets of the signed-in writes (a profile save appends an event). */
  writes: WriteThrottle;
  /** Erasure and export of a person's data (the server's privacy module: keys, ledger, rebuild). */
  privacy: PrivacyDesk;
}

/** What the privacy routes ask of the composition root. */
export interface PrivacyDesk {
  /** Forgets the person; `by` is 'self' or the acting admin's id. Resolves once every read model shows them forgotten. */
  forget(userId: string, by: string, actorId: string): Promise<{ position: bigint }>;
  /** Everything the shop holds about the person, decrypted: the JSON reply, as a stream. */
  exportFor(userId: string): Promise<Readable>;
}

/** The read model every account command waits for before replying. */
export const ACCOUNTS_PROJECTION = ['accounts'];
