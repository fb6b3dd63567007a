import { createHash, randomUUID } from 'node:crypto';
import {
  WrongExpectedRevisionError,
  newEventId,
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
} from '@shop/platform';
import { fold, type Decider, type DomainEvent } from './decider.ts';
import type { ClaimStream, Stream } from './stream-type.ts';

export interface CommandContext {
  /** Acting user from the verified token, if any. */
  userId?: string;
  correlationId?: string;
  causationId?: string;
}

export interface CommandResult<Event extends DomainEvent, State> {
  events: Event[];
  state: State;
  /** Global position of the last event written (0n when nothing was written). */
  position: bigint;
}

export interface HandleOptions {
  /** Event ids to use, for commands that must be idempotent across retries (derived ids). */
  eventIds?: (event: DomainEvent, index: number) => string;
  maxAttempts?: number;
}

export function asDomainEvent<Event extends DomainEvent>(recorded: RecordedEvent): Event {
  return { type: recorded.type, data: recorded.data } as Event;
}

function metadataFor(context: CommandContext): Partial<EventMetadata> {
  const metadata: Partial<EventMetadata> = { correlationId: context.correlationId ?? randomUUID() };
  if (context.causationId) metadata.causationId = context.causationId;
  if (context.userId) metadata.userId = context.userId;
  metadata.timestamp = new Date().toISOString();
  return metadata;
}

interface CachedStream {
  decider: object;
  state: unknown;
  revision: bigint;
}

/**
 * Runs one stream's commands one at a time in this process: later callers wait for earlier ones,
 * so concurrent requests on one cart or one product's stock never race each other into retries.
 */
class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous ? previous.then(() => mine) : mine;
    this.tails.set(key, tail);
    if (previous) await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/**
 * The one command pipeline: load → decide → append naming the revision that was loaded. A
 * concurrent writer makes the append fail; the command is then decided again on a fresh read, a
 * few times at most. Commands on one stream run one at a time in this process (later callers
 * wait), so concurrent requests on one cart or one product's stock never race each other into
 * retries. A cart stream grows with every click, so re-reading it per command would cost more
 * and more; instead the folded state and its revision are kept (LRU) and the append still names
 * that revision, so the store refuses a stale cache (another process wrote). A rejection or
 * no-op decided on cached state is re-checked on a fresh read too, so a stale cache can never
 * say no wrongly. Uniqueness streams (one event, ever) go through `claim`.
 */
export class StreamCommands {
  private readonly cache = new Map<string, CachedStream>();
  private readonly lock = new KeyedLock();

  constructor(
    private readonly store: EventStore,
    private readonly maxCached = 20_000,
    /**
     * Other processes append to the same log (WORKERS > 1): a state kept here may be older than
     * the stream, so commands and `load` first read what was appended after it (one indexed
     * query, usually empty). A command's append still names the revision it decided on, so a
     * race with another process is refused by the store and decided again.
     */
    private readonly sharedLog = false,
  ) {}

  /** Serialises work on a key (a stream id, or a process id) in this process. */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.lock.run(key, work);
  }

  /**
   * The stream's current state, for reads that decide nothing: cached when possible, or read
   * from the store when `fresh` (secrets, recovery: what another process wrote must count).
   */
  async load<State, Event extends DomainEvent>(
    stream: { id: string; decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'> },
    { fresh = false }: { fresh?: boolean } = {},
  ): Promise<State> {
    const cached = fresh ? null : this.cached<State>(stream.id, stream.decider);
    if (cached && this.sharedLog) return (await this.caughtUp(stream.id, stream.decider, cached)).state;
    if (cached) return cached.state;
    return (await this.fresh(stream.id, stream.decider)).state;
  }

  /** The first event of a stream (a claim's), or null when the stream does not exist. */
  async first(streamId: string): Promise<RecordedEvent | null> {
    const [first] = await this.store.readStream(streamId, { toRevision: 0n });
    return first ?? null;
  }

  async exists(streamId: string): Promise<boolean> {
    return (await this.first(streamId)) !== null;
  }

  /**
   * Writes the one event of a uniqueness stream (an e-mail's reservation, a webhook delivery):
   * the append expects "no stream", so of racing claims exactly one is `claimed`; the others
   * (and any later one) get `claimed: false` and write nothing. The event is checked against its
   * schema first.
   */
  async claim(stream: ClaimStream, event: DomainEvent, context: CommandContext = {}): Promise<{ claimed: boolean; position: bigint }> {
    stream.check(event);
    const streamId = stream.id;
    try {
      const { position } = await this.store.append(
        streamId,
        [{ id: newEventId(), type: event.type, data: event.data, metadata: metadataFor(context) }],
        'no_stream',
      );
      return { claimed: true, position };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return { claimed: false, position: 0n };
      throw error;
    }
  }

  /** Decides `command` on the stream and appends what it decided (each event checked against its schema first). */
  handle<State, Command, Event extends DomainEvent>(
    stream: Stream<State, Command, Event>,
    command: Command,
    context: CommandContext = {},
    options: HandleOptions = {},
  ): Promise<CommandResult<Event, State>> {
    return this.lock.run(stream.id, () => this.decideAndAppend(stream, command, context, options));
  }

  private async decideAndAppend<State, Command, Event extends DomainEvent>(
    stream: Stream<State, Command, Event>,
    command: Command,
    context: CommandContext,
    options: HandleOptions,
  ): Promise<CommandResult<Event, State>> {
    const { id: streamId, decider } = stream;
    const maxAttempts = options.maxAttempts ?? 5;
    for (let attempt = 1; ; attempt++) {
      const kept = this.cached<State>(streamId, decider);
      // Another process may have appended since (a shopper's next request served there): fold
      // that in first, rather than have the append refused and the whole stream read again.
      const cached = kept && this.sharedLog ? await this.caughtUp(streamId, decider, kept) : kept;
      const { state, revision } = cached ?? (await this.fresh(streamId, decider));
      let events: Event[];
      try {
        events = decider.decide(command, state);
      } catch (error) {
        if (cached) {
          this.cache.delete(streamId);
          continue;
        }
        throw error;
      }
      if (events.length === 0) {
        if (cached) {
          this.cache.delete(streamId);
          continue;
        }
        return { events, state, position: 0n };
      }
      for (const event of events) stream.check(event);
      const metadata = metadataFor(context);
      try {
        const result = await this.store.append(
          streamId,
          events.map((event, index) => ({
            id: options.eventIds?.(event, index) ?? newEventId(),
            type: event.type,
            data: event.data,
            metadata,
          })),
          revision < 0n ? 'no_stream' : revision,
        );
        const next = events.reduce(decider.evolve, state);
        // Derived ids may have been an idempotent replay whose revision is not the head: re-read next time.
        if (options.eventIds) this.cache.delete(streamId);
        else this.remember(streamId, { decider, state: next, revision: result.nextRevision });
        return { events, state: next, position: result.position };
      } catch (error) {
        this.cache.delete(streamId);
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= maxAttempts) throw error;
      }
    }
  }

  /**
   * Drops every cached state: after an erasure, states decided from a forgotten person's events
   * (their address on an order) must be read again, as forgotten.
   */
  forgetCached(): void {
    this.cache.clear();
  }

  private cached<State>(streamId: string, decider: object): { state: State; revision: bigint } | null {
    const entry = this.cache.get(streamId);
    if (!entry || entry.decider !== decider) return null;
    // Refresh its place in the LRU order.
    this.cache.delete(streamId);
    this.cache.set(streamId, entry);
    return { state: entry.state as State, revision: entry.revision };
  }

  private async fresh<State, Event extends DomainEvent>(
    streamId: string,
    decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  ): Promise<{ state: State; revision: bigint }> {
    const recorded = await this.store.readStream(streamId);
    const state = fold(decider, recorded.map(asDomainEvent<Event>));
    const revision = recorded.length === 0 ? -1n : recorded[recorded.length - 1]!.revision;
    this.remember(streamId, { decider, state, revision });
    return { state, revision };
  }

  /** A kept state with what other processes appended since folded in (and kept). */
  private async caughtUp<State, Event extends DomainEvent>(
    streamId: string,
    decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
    cached: { state: State; revision: bigint },
  ): Promise<{ state: State; revision: bigint }> {
    const newer = await this.store.readStream(streamId, { fromRevision: cached.revision + 1n });
    if (newer.length === 0) return cached;
    const state = newer.reduce((folded, event) => decider.evolve(folded, asDomainEvent<Event>(event)), cached.state);
    const revision = newer[newer.length - 1]!.revision;
    this.remember(streamId, { decider, state, revision });
    return { state, revision };
  }

  private remember(streamId: string, entry: CachedStream): void {
    this.cache.delete(streamId);
    this.cache.set(streamId, entry);
    if (this.cache.size > this.maxCached) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }
}

/**
 * A stable UUID from names (UUID v5 layout over SHA-256), for events that must be written once
 * however often a step is retried: the store treats a re-append of the same id as a no-op.
 */
export function derivedEventId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
