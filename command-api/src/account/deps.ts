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
}

/** The read model every account command waits for before replying. */
export const ACCOUNTS_PROJECTION = ['accounts'];
