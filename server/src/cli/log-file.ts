/**
 * npm run log:export -- <file.jsonl>
 * npm run log:import -- <file.jsonl>
 *
 * Moves the event log (the embedded SQLite log of DATA_DIR, or EventStoreDB when
 * EVENT_STORE=eventstoredb) to and from a file of one event per line, each exactly as it was
 * written: stream, revision, id, type, schema version, data, metadata, time (platform's
 * log-file.ts). How a shop that outgrows the embedded store moves its history to EventStoreDB,
 * and how tests carry real histories around.
 *
 * export: writes a NEW file (never overwrites one), a page of events at a time, so the log's
 * size does not matter; safe beside a running shop (the file holds the log up to about the
 * moment it finished).
 * import: loads the file into an EMPTY store, keeping ids, streams, revisions, metadata and time
 * stamps, in the file's order. A store holding other events is refused; an import that stopped
 * part-way is finished by running the same command again. Start the shop afterwards: its
 * projections build the read models from the log.
 *
 * Exit code 0 on success, 1 on a refused or failed export or import, 2 on bad usage.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { loadConfig, type EventStore } from '@shop/platform';
import { exportLog, importLog } from '@shop/platform/event-store/log-file';
import { openEventLog } from '../compose.ts';
import { runCli } from '../run-cli.ts';

async function exportTo(events: EventStore, file: string): Promise<string> {
  const out = createWriteStream(file, { flags: 'wx' });
  await once(out, 'open').catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EEXIST' ? new Error(`${file} already exists: log:export writes a new file only`) : error;
  });
  const count = await exportLog(events, out);
  out.end();
  await finished(out);
  return `Exported ${count} events to ${file}.`;
}

async function importFrom(events: EventStore, file: string): Promise<string> {
  const input = createReadStream(file, { encoding: 'utf8' });
  await once(input, 'open');
  const { imported, alreadyThere } = await importLog(events, createInterface({ input, crlfDelay: Infinity }));
  const resumed = alreadyThere > 0 ? ` (${alreadyThere} were already there from an earlier run)` : '';
  return `Imported ${imported} events from ${file}${resumed}.`;
}

async function main(): Promise<number> {
  const [command, file, ...extra] = process.argv.slice(2);
  const run = command === 'export' ? exportTo : command === 'import' ? importFrom : undefined;
  if (!run || !file || extra.length > 0) {
    console.error(`Usage: npm run log:${command === 'import' ? 'import' : 'export'} -- <file.jsonl>`);
    return 2;
  }
  const events = await openEventLog(loadConfig());
  try {
    console.log(await run(events, file));
    return 0;
  } finally {
    await events.close();
  }
}

runCli(main);
