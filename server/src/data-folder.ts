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
