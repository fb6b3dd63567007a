/**
 * npm run log:export -- <file.jsonl>
 *
 * Writes the whole event log (the embedded SQLite log of DATA_DIR, or EventStoreDB when
 * EVENT_STORE=eventstoredb) to a new file, one event per line, each exactly as it was written
 * (stream, revision, id, type, schema version, data, metadata, time). It reads a page at a time,
 * so the log's size does not matter, and it is safe beside a running shop: the file holds the
 * log up to about the moment it finished. `log:import` loads such a file into an empty store.
 *
 * Refuses to overwrite an existing file. Exit code 0 on success, 1 on failure, 2 on bad usage.
 */
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { loadConfig } from '@shop/platform';
import { exportLog } from '@shop/platform/event-store/log-file';
import { openEventLog } from '../compose.ts';

async function main(): Promise<number> {
  const [file, ...extra] = process.argv.slice(2);
  if (!file || extra.length > 0) {
    console.error('Usage: npm run log:export -- <file.jsonl>');
    return 2;
  }
  const out = createWriteStream(file, { flags: 'wx' });
  await new Promise<void>((resolve, reject) => {
    out.once('open', () => resolve());
    out.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EEXIST' ? new Error(`${file} already exists: log:export writes a new file only`) : error),
    );
  });
  const events = await openEventLog(loadConfig());
  try {
    const count = await exportLog(events, out);
    out.end();
    await finished(out);
    console.log(`Exported ${count} events to ${file}.`);
    return 0;
  } finally {
    await events.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
