import { randomUUID } from 'node:crypto';
import {
  WrongExpectedRevisionError,
  newEventId,
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
} from '@shop/platform';
import { fold, type Decider, type DomainEvent } from './decider.ts';

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
  /** Validates each event's data before it is written (the zod schema of its type). */
  check?: (event: DomainEvent) => void;
  maxAttempts?: number;
}

/**
 * Load → decide → append with the revision that was loaded. A concurrent writer makes the
 * append fail; the command is then decided again on the fresh state, a few times at most.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  context: CommandContext = {},
  options: HandleOptions = {},
): Promise<CommandResult<Event, State>> {
  const maxAttempts = options.maxAttempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    const recorded = await store.readStream(streamId);
    const state = fold(decider, recorded.map(asDomainEvent<Event>));
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state, position: 0n };
    for (const event of events) options.check?.(event);
    const last = recorded[recorded.length - 1];
    const metadata: Partial<EventMetadata> = {
      correlationId: context.correlationId ?? randomUUID(),
      ...(context.causationId ? { causationId: context.causationId } : {}),
      ...(context.userId ? { userId: context.userId } : {}),
      timestamp: new Date().toISOString(),
    };
    try {
      const result = await store.append(
        streamId,
        events.map((event, index) => ({
          id: options.eventIds?.(event, index) ?? newEventId(),
          type: event.type,
          data: event.data,
          metadata,
        })),
        last ? last.revision : 'no_stream',
      );
      return { events, state: events.reduce(decider.evolve, state), position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= maxAttempts) throw error;
    }
  }
}

export function asDomainEvent<Event extends DomainEvent>(recorded: RecordedEvent): Event {
  return { type: recorded.type, data: recorded.data } as Event;
}
