import { createHash, randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError, newEventId, type EventMetadata, type EventStore } from '@shop/platform';
import type { CommandContext, CommandResult, HandleOptions } from './command-handler.ts';
import { asDomainEvent } from './command-handler.ts';
import { fold, type Decider, type DomainEvent } from './decider.ts';
import { onePer } from './one-per.ts';

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
 * `handleCommand` for hot streams. A cart stream grows with every click, so re-reading it per
 * command costs more and more; instead the folded state and its revision are kept (LRU) and the
 * append still names that revision, so the store refuses a stale cache (another process wrote)
 * and the command is decided again on a fresh read. A rejection or no-op decided on cached state
 * is re-checked on a fresh read too, so a stale cache can never say no wrongly.
 */
export class StreamCommands {
  private readonly cache = new Map<string, CachedStream>();
  private readonly lock = new KeyedLock();

  constructor(
    private readonly store: EventStore,
    private readonly maxCached = 20_000,
  ) {}

  /** Serialises work on a key (a stream id, or a process id) in this process. */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.lock.run(key, work);
  }

  /** The stream's current state (cached when possible), for reads that decide nothing. */
  async load<State, Event extends DomainEvent>(streamId: string, decider: Decider<State, never, Event>): Promise<State> {
    const cached = this.cached<State>(streamId, decider);
    if (cached) return cached.state;
    return (await this.fresh(streamId, decider)).state;
  }

  handle<State, Command, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<State, Command, Event>,
    command: Command,
    context: CommandContext = {},
    options: HandleOptions = {},
  ): Promise<CommandResult<Event, State>> {
    return this.lock.run(streamId, () => this.decideAndAppend(streamId, decider, command, context, options));
  }

  private async decideAndAppend<State, Command, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<State, Command, Event>,
    command: Command,
    context: CommandContext,
    options: HandleOptions,
  ): Promise<CommandResult<Event, State>> {
    const maxAttempts = options.maxAttempts ?? 5;
    for (let attempt = 1; ; attempt++) {
      const cached = this.cached<State>(streamId, decider);
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
      for (const event of events) options.check?.(event);
      const metadata: Partial<EventMetadata> = { correlationId: context.correlationId ?? randomUUID() };
      if (context.causationId) metadata.causationId = context.causationId;
      if (context.userId) metadata.userId = context.userId;
      metadata.timestamp = new Date().toISOString();
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

  private remember(streamId: string, entry: CachedStream): void {
    this.cache.delete(streamId);
    this.cache.set(streamId, entry);
    if (this.cache.size > this.maxCached) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }
}

/** One cache and lock per event store, shared by every feature writing to it. */
export const streamCommands = onePer((store: EventStore) => new StreamCommands(store));

/**
 * A stable UUID from names (UUID v5 layout over SHA-256), for events that must be written once
 * however often a step is retried: the store treats a re-append of the same id as a no-op.
 */
export function derivedEventId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
