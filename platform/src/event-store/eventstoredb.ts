import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  assertEventFits,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
} from './port.ts';

/** The stream whose metadata names the log (see `logIdentity`). */
const LOG_IDENTITY_STREAM = 'shop-log-identity';

/**
 * The event store on EventStoreDB (gRPC client `@eventstore/db-client` 6.x).
 *
 * Positions. Our port uses one bigint per event; EventStoreDB has a `{ commit, prepare }` pair.
 * Events appended through the gRPC API are implicitly committed, so each event's commit and
 * prepare positions are the same log position (they only differ for the legacy TCP client's
 * explicit transactions, which this adapter never writes). We therefore use the commit position
 * as our position and rebuild a read cursor as `{ commit: p, prepare: p }`.
 *
 * Cursor semantics. Our `after` is exclusive. Reading `$all` from a position is inclusive (the
 * event AT that position comes back first), while a subscription's `fromPosition` is exclusive;
 * both paths drop anything at or before the cursor, so the adapter is correct either way.
 * `after: 0n` means "from the start".
 *
 * System events. `readAll` in this client version has no server-side filter (it always sends
 * `NoFilter`), so pages are filtered here with the same rule as `excludeSystemEvents()` (event
 * types starting with `$`, which also covers `$>` link events); `subscribe` uses the server-side
 * `excludeSystemEvents()` filter and applies the same check again. `headPosition` is the newest
 * *user* event (system events such as `$statsCollected` keep landing on an idle server, and a
 * projector comparing its checkpoint with the head would otherwise never look caught up).
 *
 * Event ids must be UUIDs (EventStoreDB stores them as such).
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly emitter = new EventEmitter();
  private readonly ownsClient: boolean;
  private identity: Promise<string> | undefined;

  /** `url` is an EventStoreDB connection string, e.g. `esdb://localhost:2113?tls=false`. */
  constructor(url: string);
  /** Wraps an existing client; `close()` then leaves it open. */
  constructor(client: EventStoreDBClient);
  constructor(urlOrClient: string | EventStoreDBClient) {
    this.ownsClient = typeof urlOrClient === 'string';
    this.client = typeof urlOrClient === 'string' ? EventStoreDBClient.connectionString(urlOrClient) : urlOrClient;
    this.emitter.setMaxListeners(0);
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const now = new Date().toISOString();
    const data = events.map((event) => {
      const metadata: EventMetadata = { ...event.metadata, timestamp: event.metadata?.timestamp ?? now };
      assertEventFits(streamId, event.type, JSON.stringify(event.data) ?? '', JSON.stringify(metadata));
      // `jsonEvent` types data as an object/array/string; any JSON value serializes the same way.
      return jsonEvent({ id: event.id, type: event.type, data: event.data as JSONType, metadata });
    });
    let result;
    try {
      result = await this.client.appendToStream(streamId, data, { expectedRevision: toEsdbExpected(expected) });
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new WrongExpectedRevisionError(streamId, expected, error.actualVersion);
      }
      throw error;
    }
    if (!result.success) {
      // Only when the connection string sets throwOnAppendFailure=false; the client's reported
      // revision is unreliable on that path, so ask the stream.
      throw new WrongExpectedRevisionError(streamId, expected, await this.currentRevision(streamId));
    }
    const position = await this.lastAppendedPosition(streamId, events.length, result.nextExpectedRevision, result.position);
    const appended: AppendResult = { nextRevision: result.nextExpectedRevision, position };
    this.emitter.emit('appended', position);
    return appended;
  }

  /**
   * The position of the last event of an append. A single-event append reports that event's own
   * position. For a multi-event batch, and for an idempotent replay (which the server answers
   * without a position), the last event is read back by revision so the result always names the
   * last event, as the port promises.
   */
  private async lastAppendedPosition(
    streamId: string,
    count: number,
    lastRevision: bigint,
    reported: Position | undefined,
  ): Promise<bigint> {
    if (reported && count === 1) return reported.commit;
    const [last] = await this.collect(
      this.client.readStream(streamId, { fromRevision: lastRevision, maxCount: 1, direction: FORWARDS }),
    );
    const position = last?.event?.position?.commit ?? reported?.commit;
    if (position === undefined) throw new Error(`Cannot determine the position of ${streamId}@${lastRevision}`);
    return position;
  }

  private async currentRevision(streamId: string): Promise<bigint | 'no_stream'> {
    try {
      const [last] = await this.collect(
        this.client.readStream(streamId, { fromRevision: END, maxCount: 1, direction: BACKWARDS }),
      );
      return last?.event?.revision ?? 'no_stream';
    } catch (error) {
      if (error instanceof StreamNotFoundError) return 'no_stream';
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = options.fromRevision ?? 0n;
    if (options.toRevision !== undefined && options.toRevision < from) return [];
    let resolved: ResolvedEvent[];
    try {
      resolved = await this.collect(
        this.client.readStream(streamId, {
          fromRevision: from === 0n ? START : from,
          direction: FORWARDS,
          ...(options.toRevision !== undefined ? { maxCount: options.toRevision - from + 1n } : {}),
        }),
      );
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    const events = resolved.flatMap((r) => (r.event ? [toRecorded(r.event, r.commitPosition)] : []));
    if (!options.until) return events;
    const until = options.until.getTime();
    return events.filter((event) => Date.parse(event.metadata.timestamp) <= until);
  }

  async readAll({ after = 0n, limit }: ReadAllOptions): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    if (limit <= 0) return events;
    // Read a little more than asked: the page may hold system events, and the event at `after`.
    const batch = Math.max(limit + 1, 64);
    let from: ReadPosition = toReadPosition(after);
    let cursor = after;
    while (events.length < limit) {
      const page = await this.collect(this.client.readAll({ fromPosition: from, maxCount: batch, direction: FORWARDS }));
      let last: Position | undefined;
      for (const resolved of page) {
        const event = resolved.event;
        if (!event) continue;
        last = event.position;
        const position = event.position.commit;
        if (position <= cursor) continue;
        cursor = position;
        if (isSystemEvent(event)) continue;
        events.push(toRecorded(event, resolved.commitPosition));
        if (events.length === limit) break;
      }
      if (page.length < batch || !last) break;
      from = last;
    }
    return events;
  }

  async *subscribe({ after = 0n, signal }: SubscribeOptions): AsyncGenerator<RecordedEvent> {
    if (signal.aborted) return;
    const subscription = this.client.subscribeToAll({
      fromPosition: toReadPosition(after),
      filter: excludeSystemEvents(),
    });
    const iterator = subscription[Symbol.asyncIterator]();
    let onAbort = () => {};
    const aborted = new Promise<'aborted'>((resolve) => {
      onAbort = () => resolve('aborted');
      signal.addEventListener('abort', onAbort, { once: true });
    });
    let cursor = after;
    try {
      while (!signal.aborted) {
        // Race each read against the abort: a live subscription may wait forever for the next event.
        const next = iterator.next();
        const result = await Promise.race([next, aborted]);
        if (result === 'aborted') {
          next.catch(() => undefined);
          return;
        }
        if (result.done) return;
        const resolved: AllStreamResolvedEvent = result.value;
        const event = resolved.event;
        if (!event || isSystemEvent(event)) continue;
        const recorded = toRecorded(event, resolved.commitPosition);
        if (recorded.position <= cursor) continue;
        cursor = recorded.position;
        yield recorded;
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      await subscription.unsubscribe().catch(() => undefined);
      subscription.destroy();
    }
  }

  async headPosition(): Promise<bigint> {
    const batch = 64;
    let from: ReadPosition = END;
    let before: bigint | undefined;
    for (;;) {
      const page = await this.collect(this.client.readAll({ fromPosition: from, maxCount: batch, direction: BACKWARDS }));
      let last: Position | undefined;
      for (const resolved of page) {
        const event = resolved.event;
        if (!event) continue;
        last = event.position;
        if (before !== undefined && event.position.commit >= before) continue;
        if (!isSystemEvent(event)) return event.position.commit;
      }
      if (page.length < batch || !last) return 0n;
      before = last.commit;
      from = last;
    }
  }

  /**
   * The identity lives in the metadata of a stream of its own (`shop-log-identity`), written once
   * with the metadata stream's expected revision "no stream": of two processes naming a new log
   * at once the server accepts one write and refuses the other, which then reads the winner's.
   * Metadata is a `$metadata` event in `$$shop-log-identity`, a system event, so it never shows
   * up in `readAll` or a subscription, and it goes with the database: a recreated volume is a
   * new log with a new identity.
   */
  async logIdentity(): Promise<string> {
    this.identity ??= this.readOrNameLog().catch((error: unknown) => {
      this.identity = undefined;
      throw error;
    });
    return this.identity;
  }

  private async readOrNameLog(): Promise<string> {
    const read = async () => {
      const { metadata } = await this.client.getStreamMetadata<{ shopLogId?: unknown }>(LOG_IDENTITY_STREAM);
      return typeof metadata?.shopLogId === 'string' ? metadata.shopLogId : undefined;
    };
    const known = await read();
    if (known) return known;
    const id = randomUUID();
    try {
      await this.client.setStreamMetadata(LOG_IDENTITY_STREAM, { shopLogId: id }, { expectedRevision: NO_STREAM });
      return id;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      const named = await read();
      if (!named) throw new Error('The log identity stream exists but names no log', { cause: error });
      return named;
    }
  }

  onAppended(listener: (position: bigint) => void): () => void {
    this.emitter.on('appended', listener);
    return () => this.emitter.off('appended', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
    if (this.ownsClient) await this.client.dispose();
  }

  /** Drains a (bounded) client read. Draining fully, rather than breaking out, lets the gRPC call end cleanly. */
  private async collect<E>(read: AsyncIterable<E>): Promise<E[]> {
    const items: E[] = [];
    for await (const item of read) items.push(item);
    return items;
  }
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (expected === 'any') return ANY;
  return expected;
}

function toReadPosition(after: bigint): ReadPosition {
  return after > 0n ? { commit: after, prepare: after } : START;
}

/** Same rule as the client's `excludeSystemEvents()` filter: event types starting with `$`. */
function isSystemEvent(event: { type: string }): boolean {
  return event.type.startsWith('$');
}

function toRecorded(event: EsdbRecordedEvent, commitPosition: bigint | undefined): RecordedEvent {
  const stored = isRecord(event.metadata) ? event.metadata : {};
  const metadata = {
    ...stored,
    timestamp: typeof stored.timestamp === 'string' ? stored.timestamp : event.created.toISOString(),
  } as EventMetadata;
  const position = event.position?.commit ?? commitPosition;
  if (position === undefined) throw new Error(`Event ${event.id} came back without a position (server older than 22.6?)`);
  return {
    id: event.id,
    streamId: event.streamId,
    type: event.type,
    data: event.data as unknown,
    metadata,
    revision: event.revision,
    position,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}
