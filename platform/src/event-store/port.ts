/**
 * The event store port: the write side's single source of truth.
 *
 * Positions are bigints because EventStoreDB's commit positions are 64-bit; the SQLite adapter
 * uses its row id. Every position is strictly increasing in log order, so "after position p"
 * is the only cursor a reader needs.
 */

import { v7 as uuidv7 } from 'uuid';

/**
 * A new event id: a UUID (EventStoreDB requires one) of version 7, which starts with the time.
 * Ids made one after another sort one after another, so the log's unique index on them grows
 * at its end instead of touching a random page per append.
 */
export function newEventId(): string {
  return uuidv7();
}

/**
 * The largest event the log takes: its data and metadata as JSON, in bytes. Well under the 1 MiB
 * a Kafka topic takes per record batch (with room for the relay's envelope and headers), so every
 * event the log holds can be fanned out: one event past that would stop the relay for good.
 * Requests are bounded long before this; the limit is the log's own guard.
 */
export const MAX_EVENT_BYTES = 256 * 1024;

/** An append refused because one of its events is larger than MAX_EVENT_BYTES; nothing of it was recorded. */
export class EventTooLargeError extends Error {
  /** Answered as 413 (Payload Too Large) with this message when a request caused it. */
  readonly status = 413;

  constructor(
    readonly streamId: string,
    readonly type: string,
    readonly bytes: number,
  ) {
    super(`This change is too large to record: its ${type} event is ${Math.ceil(bytes / 1024)} KiB, and an event may be at most ${MAX_EVENT_BYTES / 1024} KiB. Nothing was saved.`);
    this.name = 'EventTooLargeError';
  }
}

/** Throws EventTooLargeError when an event's JSON (data plus metadata) is past the limit. */
export function assertEventFits(streamId: string, type: string, dataJson: string, metadataJson: string): void {
  // JSON length in UTF-16 units is at most its UTF-8 bytes, so most events skip the byte count.
  if (dataJson.length + metadataJson.length <= MAX_EVENT_BYTES / 3) return;
  const bytes = Buffer.byteLength(dataJson, 'utf8') + Buffer.byteLength(metadataJson, 'utf8');
  if (bytes > MAX_EVENT_BYTES) throw new EventTooLargeError(streamId, type, bytes);
}

/** What the caller believes about the stream before appending. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

export interface EventMetadata {
  /** The id of the request or process that caused this event (shared by everything it wrote). */
  correlationId?: string;
  /** The id of the command or event this event was a direct consequence of. */
  causationId?: string;
  /** The acting user, taken from the verified token (never from a request body). */
  userId?: string;
  /** ISO time of the decision; the store fills it in when absent. */
  timestamp: string;
  [key: string]: unknown;
}

export interface NewEvent<T = unknown> {
  /**
   * Unique event id (UUID). What a retry may rely on (what EventStoreDB guarantees, and the
   * contract checks on every adapter): re-sending the same batch with the same exact expectation
   * (`no_stream` or a revision) after the first attempt landed reports the original result and
   * appends nothing; it never leaves a second copy. With `any` or `stream_exists` EventStoreDB
   * only tries (a bounded cache of recent ids), so a retried `any` append may be written twice:
   * retry with an exact expectation, or make the event harmless to apply twice.
   */
  id: string;
  type: string;
  data: T;
  metadata?: Partial<EventMetadata>;
}

export interface RecordedEvent<T = unknown> {
  id: string;
  streamId: string;
  type: string;
  data: T;
  metadata: EventMetadata;
  /** Zero-based index of the event within its stream. */
  revision: bigint;
  /** Global position in the log. */
  position: bigint;
}

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: bigint;
  /** Global position of the last event appended. */
  position: bigint;
}

export interface ReadStreamOptions {
  /** Start at this revision (inclusive): what was appended after a state already folded. */
  fromRevision?: bigint;
  /** Stop after this revision (inclusive). */
  toRevision?: bigint;
  /** Only events recorded at or before this moment (by metadata timestamp). */
  until?: Date;
}

export interface ReadAllOptions {
  /** Exclusive: read events whose position is greater than this. Omit to read from the start. */
  after?: bigint;
  /** Upper bound on the number of events returned. */
  limit: number;
}

export interface SubscribeOptions {
  after?: bigint;
  signal: AbortSignal;
}

export interface EventStore {
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** The stream's events in order; an empty list for a stream that does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** A page of the whole log in position order (user events only; system events are excluded). */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Follows the log from a position: first catches up, then yields new events as they land. */
  subscribe(options: SubscribeOptions): AsyncIterable<RecordedEvent>;
  /** Position of the newest event in the log, 0n when the log is empty. */
  headPosition(): Promise<bigint>;
  /**
   * The log's identity: an id recorded once, when the log is created, and kept for its life. Read
   * models record the identity of the log they were built from, so a read model built from
   * another log (a restored or replaced volume, a store switched under it) is told apart from one
   * that is merely behind: positions alone cannot, the other log may be as long or longer.
   */
  logIdentity(): Promise<string>;
  /**
   * Called after every append made through this instance, with the new head position. This is
   * how in-process projectors wake at once instead of polling. Returns an unsubscribe function.
   */
  onAppended(listener: (position: bigint) => void): () => void;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** Checks an expected revision against the stream's current one (shared by the adapters). */
export function expectationHolds(expected: ExpectedRevision, actual: bigint | 'no_stream'): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === 'no_stream';
  if (expected === 'stream_exists') return actual !== 'no_stream';
  return actual === expected;
}
