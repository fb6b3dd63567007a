import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '@shop/platform';
import { PRIVATE_FILE_MODE, reportTightened, tightenSync } from '@shop/platform/fs/private';

/**
 * What the embedded shop keeps in DATA_DIR, by name: the composition root opens these, and a
 * backup copies exactly these (everything else there, such as the mail outbox of a shop without
 * SMTP, can be lost without losing the shop).
 */
export const DATA_FOLDER = {
  /** The event log: the shop's record of everything. */
  eventLog: 'events.db',
  /**
   * One key per person, sealing their personal fields in the log (crypto-shredding): without it
   * the log's personal data is unreadable, so it is backed up with the log, never apart.
   */
  keyStore: 'person-keys.db',
  /**
   * The erasure ledger: the key store subjects of every person forgotten, one JSON line each (ids
   * only). A restore of an older backup destroys these keys again (see privacy/erasure-ledger.ts).
   */
  erasures: 'erasures.jsonl',
  /** The read models and their checkpoints: rebuilt from the log when absent. */
  readModels: 'read-models.db',
  /** The generated token-signing secret (when JWT_SECRET is not set): sign-ins survive a restore. */
  secrets: 'secrets',
  /** Pictures uploaded by shoppers and the back office. */
  uploads: 'uploads',
} as const;

/**
 * Where the shop records erasures: ERASURE_LEDGER, kept outside the data folder so that a lost
 * data folder does not lose it, else the data folder's own. ERASURE_LEDGER is created (empty,
 * 0600) when the shop starts, so that a restore can tell a ledger that was lost from one that
 * names nobody yet; a missing folder for it stops the start rather than the first erasure.
 */
export function erasureLedgerFile(config: Pick<Config, 'ERASURE_LEDGER' | 'DATA_DIR'>): string {
  if (!config.ERASURE_LEDGER) return join(config.DATA_DIR, DATA_FOLDER.erasures);
  closeSync(openSync(config.ERASURE_LEDGER, 'a', PRIVATE_FILE_MODE));
  reportTightened([tightenSync(config.ERASURE_LEDGER, PRIVATE_FILE_MODE)].filter((line) => line !== null));
  return config.ERASURE_LEDGER;
}
