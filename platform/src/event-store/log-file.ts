import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { z } from 'zod';
import type { EventMetadata, EventStore, ExpectedRevision, NewEvent, RecordedEvent } from './port.ts';

/**
 * The event log as a file: one JSON object per line, in log order, each event exactly as it was
 * written (its schema version's data, not upcast), so a log moves between stores and machines
 * and comes back the same. Big integers (positions, revisions) are strings: JSON numbers lose
 * them past 2^53. `position` is where the event sat in the log it came from; an import gives
 * each event the next position of the store it loads into, which is the same one when the
 * source's positions ran 1, 2, 3… (the embedded store's) and another one otherwise.
 */
export interface LogLine {
  position: string;
  stream: string;
  revision: string;
  id: string;
  type: string;
  /** The event's schema version (`metadata.schemaVersion`, 1 when absent). */
  version: number;
  /** When it was recorded (`metadata.timestamp`). */
  time: string;
  data: unknown;
  metadata: EventMetadata;
}

/** Events read from the log per page: the export holds one page in memory, never the whole log. */
const PAGE = 1000;
/** Events appended per call at most, when consecutive lines belong to one stream. */
const BATCH = 500;

/**
 * Writes the log to `out` (which the caller ends) and returns how many events it wrote: the whole
 * log, or with `stopAt` the log up to (not including) the first event it accepts — always a
 * prefix, so what is written is the log exactly as it stood at one moment.
 */
export async function exportLog(store: EventStore, out: Writable, stopAt?: (event: RecordedEvent) => boolean): Promise<number> {
  let after = 0n;
  let count = 0;
  for (;;) {
    const read = await store.readAll({ after, limit: PAGE });
    const stop = stopAt ? read.findIndex(stopAt) : -1;
    const page = stop === -1 ? read : read.slice(0, stop);
    if (page.length === 0) return count;
    let chunk = '';
    for (const event of page) chunk += `${JSON.stringify(toLine(event))}\n`;
    // Wait for the file to take the page before reading the next: memory stays at one page.
    if (!out.write(chunk)) await once(out, 'drain');
    count += page.length;
    if (stop !== -1) return count;
    after = page[page.length - 1]!.position;
  }
}

function toLine(event: RecordedEvent): LogLine {
  return {
    position: event.position.toString(),
    stream: event.streamId,
    revision: event.revision.toString(),
    id: event.id,
    type: event.type,
    version: versionOf(event.metadata),
    time: event.metadata.timestamp,
    data: event.data,
    metadata: event.metadata,
  };
}

function versionOf(metadata: Partial<EventMetadata>): number {
  const version = metadata.schemaVersion;
  return version === undefined ? 1 : (version as number);
}

const digits = z.string().max(20).regex(/^\d+$/);
const logLine = z.object({
  position: digits,
  stream: z.string().min(1).max(1000),
  revision: digits,
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(200),
  version: z.number().int().min(1),
  time: z.string().max(40),
  data: z.unknown(),
  metadata: z.looseObject({ timestamp: z.string().max(40) }),
});

/** A log file this store cannot take: not empty, not a log file, or not in order. */
export class LogImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogImportError';
  }
}

export interface ImportOutcome {
  /** Events appended now. */
  imported: number;
  /** Events of the file the store already held from an earlier run of the same import. */
  alreadyThere: number;
}

/**
 * Loads a log file into an empty store, in the file's order: each run of consecutive lines of
 * one stream is one append with the exact revision the stream must be at, so the file lands
 * as it was written (event ids, revisions, metadata and time stamps kept) or the import stops
 * at the first event that would not.
 *
 * A store that is not empty is refused, unless what it holds is the start of this same file
 * (an import of it that stopped part-way): then the import goes on from where it stopped, and
 * running it again after it finished appends nothing.
 */
export async function importLog(store: EventStore, lines: AsyncIterable<string>): Promise<ImportOutcome> {
  const held = heldEvents(store);
  let holding = (await store.headPosition()) > 0n;
  let run: { stream: string; expected: ExpectedRevision; nextRevision: bigint; events: NewEvent[] } | null = null;
  const outcome: ImportOutcome = { imported: 0, alreadyThere: 0 };
  const flush = async () => {
    if (!run) return;
    await store.append(run.stream, run.events, run.expected);
    outcome.imported += run.events.length;
    run = null;
  };
  let lineNumber = 0;
  for await (const text of lines) {
    lineNumber += 1;
    if (text.trim() === '') continue;
    const line = parseLine(text, lineNumber);
    const revision = BigInt(line.revision);
    if (holding) {
      const next = await held.next();
      if (next.done) {
        holding = false;
      } else {
        const there = next.value;
        if (there.id !== line.id || there.streamId !== line.stream || there.revision !== revision) {
          throw new LogImportError(
            'The event store is not empty: log:import loads a log into an empty store only ' +
              '(or finishes an import of this same file that stopped part-way, which this is not: ' +
              `line ${lineNumber} is event ${line.id}, the store holds ${there.id} there). Point it at a new data folder or an empty EventStoreDB.`,
          );
        }
        outcome.alreadyThere += 1;
        continue;
      }
    }
    const event: NewEvent = { id: line.id, type: line.type, data: line.data, metadata: line.metadata };
    if (run && run.stream === line.stream && run.nextRevision === revision && run.events.length < BATCH) {
      run.events.push(event);
      run.nextRevision += 1n;
      continue;
    }
    await flush();
    run = { stream: line.stream, expected: revision === 0n ? 'no_stream' : revision - 1n, nextRevision: revision + 1n, events: [event] };
  }
  await flush();
  if (holding && !(await held.next()).done) {
    throw new LogImportError('The event store holds more events than this file: log:import loads a log into an empty store only.');
  }
  return outcome;
}

function parseLine(text: string, lineNumber: number): LogLine {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new LogImportError(`Line ${lineNumber} is not JSON: a log file holds one event per line, as log:export writes it.`);
  }
  const parsed = logLine.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LogImportError(`Line ${lineNumber} is not an event of a log file: ${issue?.path.join('.') || 'line'}: ${issue?.message ?? 'invalid'}`);
  }
  // The line as written, not zod's output: that puts the keys it knows first, and the copy's
  // metadata would then differ from the original's in its key order.
  const line = json as LogLine;
  if (versionOf(line.metadata) !== line.version) {
    throw new LogImportError(`Line ${lineNumber}: version ${line.version} differs from its metadata's schemaVersion (${String(line.metadata.schemaVersion)}).`);
  }
  return line;
}

/** The events already in the store, from the start, a page at a time. */
async function* heldEvents(store: EventStore): AsyncGenerator<RecordedEvent> {
  let after = 0n;
  for (;;) {
    const page = await store.readAll({ after, limit: PAGE });
    if (page.length === 0) return;
    yield* page;
    after = page[page.length - 1]!.position;
  }
}
