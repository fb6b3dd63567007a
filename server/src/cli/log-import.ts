/**
 * npm run log:import -- <file.jsonl>
 *
 * Loads a file written by `log:export` into an EMPTY event store: the embedded SQLite log of
 * DATA_DIR (a new data folder), or EventStoreDB when EVENT_STORE=eventstoredb. Events keep their
 * ids, streams, revisions, metadata and time stamps, in the file's order. A store that already
 * holds other events is refused; an import that stopped part-way is finished by running the same
 * command again. Start the shop afterwards: its projections build the read models from the log.
 *
 * Exit code 0 on success, 1 on a refused or failed import, 2 on bad usage.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { loadConfig } from '@shop/platform';
import { importLog } from '@shop/platform/event-store/log-file';
import { openEventLog } from '../compose.ts';

async function main(): Promise<number> {
  const [file, ...extra] = process.argv.slice(2);
  if (!file || extra.length > 0) {
    console.error('Usage: npm run log:import -- <file.jsonl>');
    return 2;
  }
  const input = createReadStream(file, { encoding: 'utf8' });
  await new Promise<void>((resolve, reject) => {
    input.once('open', () => resolve());
    input.once('error', reject);
  });
  const events = await openEventLog(loadConfig());
  try {
    const { imported, alreadyThere } = await importLog(events, createInterface({ input, crlfDelay: Infinity }));
    const resumed = alreadyThere > 0 ? ` (${alreadyThere} were already there from an earlier run)` : '';
    console.log(`Imported ${imported} events from ${file}${resumed}.`);
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
