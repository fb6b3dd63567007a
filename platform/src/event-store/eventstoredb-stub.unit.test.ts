import { EventEmitter } from 'node:events';
import {
  ANY,
  BACKWARDS,
  END,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type AppendResult,
  type EventData,
  type EventStoreDBClient,
  type Position,
  type ReadPosition,
} from '@eventstore/db-client';
import { eventStoreContract } from '../../test/event-store-contract.ts';
import { EventStoreDbEventStore } from './eventstoredb.ts';

/**
 * The EventStoreDB adapter against a stub of the gRPC client, built from the client's own types
 * (6.2), with the server behaviour the adapter depends on: commit positions that jump (they are
 * byte offsets) and interleaved system events; `$all` reads inclusive of their start position,
 * subscriptions exclusive; reading a missing stream throws StreamNotFoundError; a wrong
 * expectation throws WrongExpectedVersionError; and idempotence as the server guarantees it
 * (the same ids re-sent with an exact expectation at the same place answer without a position).
 * The real server runs in eventstoredb.test.ts wherever a container engine answers.
 */
class StubEventStoreDb {
  private readonly log: AllStreamRecordedEvent[] = [];
  private readonly appended = new EventEmitter();
  private position = 1000n;

  constructor() {
    this.appended.setMaxListeners(0);
    this.system();
  }

  /** A server writes its own events all the time ($statsCollected...). */
  private system(): void {
    this.write('$stats-node', '$statsCollected', {}, crypto.randomUUID());
  }

  private write(streamId: string, type: string, data: unknown, id: string, metadata: unknown = {}): AllStreamRecordedEvent {
    this.position += 97n + BigInt(this.log.length % 7) * 13n;
    const revision = BigInt(this.log.filter((e) => e.streamId === streamId).length);
    const event = {
      streamId,
      id,
      isJson: true,
      revision,
      type,
      created: new Date(),
      data,
      metadata,
      position: { commit: this.position, prepare: this.position },
    } as AllStreamRecordedEvent;
    this.log.push(event);
    this.appended.emit('event');
    return event;
  }

  private stream(streamId: string): AllStreamRecordedEvent[] {
    return this.log.filter((e) => e.streamId === streamId);
  }

  async appendToStream(streamName: string, events: EventData | EventData[], options: { expectedRevision?: AppendExpectedRevision } = {}): Promise<AppendResult> {
    const batch = Array.isArray(events) ? events : [events];
    const expected = options.expectedRevision ?? ANY;
    const stream = this.stream(streamName);
    const current = stream.length ? BigInt(stream.length - 1) : NO_STREAM;
    // Idempotence: the same ids where the expectation places them (exact expectations only).
    if (expected === NO_STREAM || typeof expected === 'bigint') {
      const start = expected === NO_STREAM ? 0 : Number(expected) + 1;
      const there = stream.slice(start, start + batch.length);
      if (there.length === batch.length && there.every((e, i) => e.id === batch[i]!.id)) {
        return { success: true, nextExpectedRevision: BigInt(start + batch.length - 1) };
      }
    }
    const holds =
      expected === ANY ||
      (expected === NO_STREAM && current === NO_STREAM) ||
      (expected === STREAM_EXISTS && current !== NO_STREAM) ||
      expected === current;
    if (!holds) throw new WrongExpectedVersionError(undefined, { streamName, expected, current });
    let last: AllStreamRecordedEvent | undefined;
    for (const event of batch) last = this.write(streamName, event.type, event.data, event.id, event.metadata);
    if (this.log.length % 3 === 0) this.system();
    return { success: true, nextExpectedRevision: last!.revision, position: last!.position };
  }

  readStream(streamName: string, options: { fromRevision?: typeof START | typeof END | bigint; maxCount?: number | bigint; direction?: string } = {}) {
    const stream = this.stream(streamName);
    return (async function* () {
      if (stream.length === 0) throw new StreamNotFoundError(undefined, streamName);
      const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
      const from = options.fromRevision ?? START;
      let events: AllStreamRecordedEvent[];
      if (options.direction === BACKWARDS) {
        const end = from === END || from === START ? stream.length - 1 : Number(from);
        events = stream.slice(0, end + 1).reverse();
      } else {
        events = stream.slice(from === START ? 0 : from === END ? stream.length : Number(from));
      }
      for (const event of events.slice(0, max)) yield { event, commitPosition: event.position.commit };
    })();
  }

  readAll(options: { fromPosition?: ReadPosition; maxCount?: number | bigint; direction?: string } = {}) {
    const all = [...this.log];
    return (async function* (): AsyncGenerator<AllStreamResolvedEvent> {
      const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
      const from = options.fromPosition ?? START;
      let events: AllStreamRecordedEvent[];
      if (options.direction === BACKWARDS) {
        events = [...all].reverse().filter((e) => from === END || from === START || e.position.commit < (from as Position).commit);
      } else {
        // Inclusive: the event at the start position comes back first.
        events = all.filter((e) => from === START || (from !== END && e.position.commit >= (from as Position).commit));
      }
      for (const event of events.slice(0, max)) yield { event, commitPosition: event.position.commit };
    })();
  }

  subscribeToAll(options: { fromPosition?: ReadPosition; filter?: unknown } = {}) {
    const entries = this.log;
    const emitter = this.appended;
    let done = false;
    let wake: (() => void) | undefined;
    const onEvent = () => wake?.();
    emitter.on('event', onEvent);
    const from = options.fromPosition ?? START;
    let cursor = from === START ? -1n : from === END ? this.position : (from as Position).commit;
    const iterator = (async function* (): AsyncGenerator<AllStreamResolvedEvent> {
      // Exclusive: a subscription starts after its position.
      while (!done) {
        const next = entries.find((e) => e.position.commit > cursor);
        if (!next) {
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        cursor = next.position.commit;
        // The adapter asks for excludeSystemEvents(): the server filters them.
        if (options.filter && next.type.startsWith('$')) continue;
        yield { event: next, commitPosition: next.position.commit };
      }
    })();
    return Object.assign(iterator, {
      unsubscribe: async () => {
        done = true;
        emitter.off('event', onEvent);
        wake?.();
      },
      destroy: () => {
        done = true;
        wake?.();
      },
    });
  }

  /** Stream metadata is a `$metadata` event of the `$$<stream>` system stream, as on the server. */
  async getStreamMetadata(streamName: string): Promise<{ streamName: string; metadata?: Record<string, unknown> }> {
    const last = this.stream(`$$${streamName}`).at(-1);
    return { streamName, ...(last ? { metadata: last.data as Record<string, unknown> } : {}) };
  }

  async setStreamMetadata(streamName: string, metadata: Record<string, unknown>, options: { expectedRevision?: AppendExpectedRevision } = {}): Promise<AppendResult> {
    const meta = `$$${streamName}`;
    const current = this.stream(meta).length ? BigInt(this.stream(meta).length - 1) : NO_STREAM;
    if (options.expectedRevision === NO_STREAM && current !== NO_STREAM) {
      throw new WrongExpectedVersionError(undefined, { streamName: meta, expected: NO_STREAM, current });
    }
    const written = this.write(meta, '$metadata', metadata, crypto.randomUUID());
    return { success: true, nextExpectedRevision: written.revision, position: written.position };
  }

  async dispose(): Promise<void> {}
}

eventStoreContract('EventStoreDB adapter on a stub client', async () => {
  const store = new EventStoreDbEventStore(new StubEventStoreDb() as unknown as EventStoreDBClient);
  return { store, cleanup: () => store.close() };
});
