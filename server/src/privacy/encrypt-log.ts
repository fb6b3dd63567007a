import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { SealingEventStore, type PersonalKeyStore } from '@shop/platform';
import { SqliteEventStore } from '@shop/platform/adapters';
import { exportLog, importLog } from '@shop/platform/event-store/log-file';
import { DATA_FOLDER } from '../data-folder.ts';

/** The old log's name once the sealed copy replaced it: kept until the operator deletes it. */
export const LOG_BEFORE_ENCRYPTION = 'events.before-encryption.db';
/** The sealed copy while it is written (an interrupted run goes on from where it stopped). */
const ENCRYPTING = 'events.encrypting.db';

export interface EncryptOutcome {
  events: number;
  /** The old log, personal data in clear: the operator deletes it once the shop runs on the new one. */
  oldLog: string;
}

/**
 * The one-time migration of a log written before personal fields were sealed: every event is
 * copied, in order, with its id, stream, revision, metadata and time, into a new log through the
 * sealing layer, so the copy holds the personal fields sealed under each person's key (created in
 * the key store as it goes). The copy is a new log (a new identity), so the shop rebuilds every
 * read model from it at its next start. The old file is renamed, not deleted: the operator
 * deletes it once the shop serves from the new log (until then it holds everyone in clear, and
 * no erasure reaches it). Run with the shop stopped.
 */
export async function encryptLog(dataDir: string, keys: PersonalKeyStore): Promise<EncryptOutcome> {
  const current = join(dataDir, DATA_FOLDER.eventLog);
  const oldLog = join(dataDir, LOG_BEFORE_ENCRYPTION);
  if (!existsSync(current)) throw new Error(`${dataDir} holds no event log (${DATA_FOLDER.eventLog}): nothing to encrypt`);
  if (existsSync(oldLog)) throw new Error(`${oldLog} is there already: the log was encrypted before. Delete that file once the shop runs on the new log; running this again is not needed.`);
  const source = new SqliteEventStore(current);
  const target = new SealingEventStore(new SqliteEventStore(join(dataDir, ENCRYPTING)), keys);
  let events: number;
  try {
    // The export feeds the import through a pipe: one page of the log in memory at a time.
    const pipe = new PassThrough({ encoding: 'utf8' });
    const importing = importLog(target, createInterface({ input: pipe, crlfDelay: Infinity }));
    const exporting = exportLog(source, pipe).finally(() => pipe.end());
    const [{ imported, alreadyThere }] = await Promise.all([importing, exporting]);
    events = imported + alreadyThere;
  } finally {
    await source.close();
    await target.close();
  }
  // Both closed, so neither has a WAL left beside it: the files alone are the logs.
  await rename(current, oldLog);
  await rename(join(dataDir, ENCRYPTING), current);
  for (const suffix of ['-wal', '-shm']) await rm(`${current}${suffix}`, { force: true });
  return { events, oldLog };
}
