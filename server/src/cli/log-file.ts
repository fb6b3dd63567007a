/**
 * npm run log:export -- <file.jsonl>
 * npm run log:import -- <file.jsonl> [--new-server-secret]
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
 * projections build the read models from the log. The file holds the events only: an import
 * whose log needs the old shop's secrets/ (e-mail lookup key, server secret) or its key store
 * (person-keys.db) is refused, naming the file to copy, until they are in place
 * (backup/log-import-needs.ts). `--new-server-secret` imports without the old server secret:
 * every session of the old shop ends and its gift card codes no longer redeem.
 *
 * Exit code 0 on success, 1 on a refused or failed export or import, 2 on bad usage.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { loadConfig, type EventStore } from '@shop/platform';
import { exportLog, importLog } from '@shop/platform/event-store/log-file';
import { logImportNeeds, missingForImport } from '../backup/log-import-needs.ts';
import { openEventLog, openKeyStore } from '../compose.ts';
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
  const newServerSecret = command === 'import' && extra.length === 1 && extra[0] === '--new-server-secret';
  if (!run || !file || file.startsWith('--') || extra.length > (newServerSecret ? 1 : 0)) {
    console.error(command === 'import' ? 'Usage: npm run log:import -- <file.jsonl> [--new-server-secret]' : 'Usage: npm run log:export -- <file.jsonl>');
    return 2;
  }
  const config = loadConfig();
  if (command === 'import') {
    const missing = await missingForImport(await logImportNeeds(file), config, () => openKeyStore(config), { newServerSecret });
    if (missing.length > 0) {
      console.error(`log:import refused, nothing was imported: ${missing.join('; and ')}.`);
      return 1;
    }
  }
  const events = await openEventLog(config);
  try {
    console.log(await run(events, file));
    return 0;
  } finally {
    await events.close();
  }
}

runCli(main);
