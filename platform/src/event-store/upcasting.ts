import { EVENT_UPCASTERS, SCHEMA_VERSION_KEY, EventVersionError, upcastEventData, type UpcasterChain } from '@shop/contracts';
import { ForwardingEventStore } from './forwarding.ts';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
} from './port.ts';

/**
 * The event store as the code reads it: every event comes back in the current shape of its type
 * (contracts' event-versions.ts), whichever version it was written with, and every append is
 * stamped with the version its data has. The log underneath is never rewritten.
 *
 * The hot path stays cheap: an event already at the current version (every event of a type that
 * never changed, and every event written since the last change) is returned as it came, after
 * one map lookup and one property read.
 */
export class UpcastingEventStore extends ForwardingEventStore {
  /** Current version of each type that has upcasters; every other type is at version 1. */
  private readonly current = new Map<string, number>();

  constructor(
    inner: EventStore,
    private readonly upcasters: Readonly<Record<string, UpcasterChain>> = EVENT_UPCASTERS,
  ) {
    super(inner);
    for (const [type, chain] of Object.entries(upcasters)) this.current.set(type, chain.length + 1);
  }

  override append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const stamped = events.map((event) => ({
      ...event,
      metadata: { ...event.metadata, [SCHEMA_VERSION_KEY]: this.current.get(event.type) ?? 1 },
    }));
    return this.inner.append(streamId, stamped, expected);
  }

  override async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.upcastAll(await this.inner.readStream(streamId, options));
  }

  override async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.upcastAll(await this.inner.readAll(options));
  }

  override async *subscribe(options: SubscribeOptions): AsyncGenerator<RecordedEvent> {
    for await (const event of this.inner.subscribe(options)) yield this.upcast(event);
  }

  override async asRead(stored: RecordedEvent[]): Promise<RecordedEvent[]> {
    return this.upcastAll(await super.asRead(stored));
  }

  private upcastAll(events: RecordedEvent[]): RecordedEvent[] {
    for (let i = 0; i < events.length; i += 1) events[i] = this.upcast(events[i]!);
    return events;
  }

  private upcast(event: RecordedEvent): RecordedEvent {
    const written = event.metadata[SCHEMA_VERSION_KEY] ?? 1;
    const current = this.current.get(event.type) ?? 1;
    if (written === current) return event;
    let data: unknown;
    try {
      data = upcastEventData(event.type, written as number, event.data, this.upcasters);
    } catch (error) {
      if (!(error instanceof EventVersionError)) throw error;
      // Say which event, so an operator can find it in an export of the log.
      throw new EventVersionError(`Event ${event.id} (stream ${event.streamId}, revision ${event.revision}): ${error.message}`);
    }
    return { ...event, data, metadata: { ...event.metadata, [SCHEMA_VERSION_KEY]: current } };
  }
}
