/**
 * The key store port: one AES-256 key per person (a subject: a user id, or the newsletter stream
 * of an e-mail), kept outside the event log. Destroying a subject's key is what forgets the
 * person: every personal field sealed under it becomes unreadable for good, in the log, its
 * copies and its backups alike (crypto-shredding).
 *
 * A destroyed subject keeps a tombstone (no key), so nothing appended later for the same subject
 * gets a fresh key that would make the person readable again.
 */
export interface PersonalKeyStore {
  /**
   * The key of each subject, made (and stored durably) for subjects that never had one.
   * `null` for a destroyed subject.
   */
  keysFor(subjects: readonly string[]): Promise<Map<string, Buffer | null>>;
  /** The key of each subject that has one; `null` for destroyed or unknown subjects. Never creates. */
  findKeys(subjects: readonly string[]): Promise<Map<string, Buffer | null>>;
  /**
   * Destroys the subjects' keys (a tombstone stays), and leaves no copy of them in the store's
   * files or journals. Destroying twice is harmless.
   */
  destroy(subjects: readonly string[]): Promise<void>;
  /**
   * A count that moves with every `destroy`, whichever process or replica made it: one that
   * keeps keys in memory compares it now and then, and drops what another destroyed.
   */
  destructions(): Promise<number>;
  close(): Promise<void>;
}

/** AES-256: 32 bytes of key. */
export const KEY_BYTES = 32;
