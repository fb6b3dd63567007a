import type { Decider, DomainEvent } from './decider.ts';

/** Anything that validates an event's data (an event type's zod schema). */
export interface EventSchema {
  parse(data: unknown): unknown;
}

/**
 * One kind of stream, bound once: the decider that rules it, how its stream ids are formed, and
 * the schema every event type it holds must match before it is written. The command pipeline
 * (`StreamCommands`), the audit registry and the deciders' given/when/then tests all take this
 * one object, so a stream's rules, its id and its event shapes cannot drift apart.
 */
export interface StreamType<State, Command, Event extends DomainEvent, Key extends unknown[] = [string]> {
  /** What an auditor calls it (`cart`, `order`). */
  readonly kind: string;
  readonly decider: Decider<State, Command, Event>;
  streamId(...key: Key): string;
  /** One stream of this type, as the pipeline takes it. */
  at(...key: Key): Stream<State, Command, Event>;
}

/** One stream: its id, its decider, and the check each of its events passes before the append. */
export interface Stream<State, Command, Event extends DomainEvent> {
  readonly id: string;
  readonly decider: Decider<State, Command, Event>;
  /** Throws when an event's data does not match its type's schema: nothing malformed is ever written. */
  check(event: DomainEvent): void;
}

export function streamType<State, Command, Event extends DomainEvent, Key extends unknown[] = [string]>(spec: {
  kind: string;
  decider: Decider<State, Command, Event>;
  streamId: (...key: Key) => string;
  /** A schema for every event type the decider can emit (the compiler checks none is missing). */
  schemas: { readonly [T in Event['type']]: EventSchema };
}): StreamType<State, Command, Event, Key> {
  const check = checkAgainst(spec.kind, spec.schemas);
  return {
    kind: spec.kind,
    decider: spec.decider,
    streamId: spec.streamId,
    at: (...key) => ({ id: spec.streamId(...key), decider: spec.decider, check }),
  };
}

/** A uniqueness stream (one event, ever: an e-mail's reservation, a webhook delivery), for `StreamCommands.claim`. */
export interface ClaimStream {
  readonly id: string;
  check(event: DomainEvent): void;
}

export interface ClaimStreamType<Key extends unknown[] = [string]> {
  readonly kind: string;
  streamId(...key: Key): string;
  at(...key: Key): ClaimStream;
}

export function claimStreamType<Key extends unknown[] = [string]>(spec: {
  kind: string;
  streamId: (...key: Key) => string;
  schemas: Readonly<Record<string, EventSchema>>;
}): ClaimStreamType<Key> {
  const check = checkAgainst(spec.kind, spec.schemas);
  return { kind: spec.kind, streamId: spec.streamId, at: (...key) => ({ id: spec.streamId(...key), check }) };
}

function checkAgainst(kind: string, schemas: Readonly<Record<string, EventSchema>>): (event: DomainEvent) => void {
  return (event) => {
    const schema = schemas[event.type];
    if (!schema) throw new Error(`${kind} streams hold no ${event.type} events`);
    schema.parse(event.data);
  };
}
