import type { EventStore, RecordedEvent } from '@shop/platform';

/** The part of a write-side decider an audit replays: the very `evolve` commands are decided on. */
export interface AuditDecider<State> {
  initialState: State;
  evolve(state: State, event: { type: string; data: unknown }): State;
}

/**
 * A write-side stream type as an audit takes it (command-api's `StreamType`): its name, its
 * stream ids and its decider, bound once there so an audit folds exactly what commands decide on.
 */
export interface AuditedStreamType<State> {
  kind: string;
  streamId(id: string): string;
  decider: AuditDecider<State>;
}

/**
 * One kind of thing an auditor can look at (a cart, an order): where its events are, how its
 * write side folds them, and what of each event is worth a line in the timeline.
 */
export interface AuditKind<State = unknown> {
  kind: string;
  streamOf(id: string): string;
  decider: AuditDecider<State>;
  /** The key fields of an event, for the timeline. */
  summarise(event: RecordedEvent): Record<string, unknown>;
  /** The state as JSON (deciders may hold Maps); identity when absent. */
  present?(state: State): unknown;
}

export interface AuditEntry {
  /** Zero-based index within the stream. */
  revision: number;
  position: string;
  time: string;
  type: string;
  /** The acting user from the event's metadata (the verified token's user), null for the system. */
  actor: string | null;
  correlationId: string | null;
  /** True when the event happened after the moment asked about (so it is not in `state`). */
  afterMoment: boolean;
  fields: Record<string, unknown>;
}

export interface AuditReport {
  kind: string;
  id: string;
  stream: string;
  /** The moment the state is for (ISO), or null for "now". */
  at: string | null;
  /** False when the stream had no event at all (at any time). */
  exists: boolean;
  /** How many events the state was folded from. */
  eventsApplied: number;
  timeline: AuditEntry[];
  state: unknown;
}

/**
 * Replays a stream to a moment. The state is the write side's own fold of the events recorded
 * at or before `at` (the store's `readStream(stream, { until })`), so an auditor sees exactly
 * what the deciders saw then; the timeline lists every event, marking the later ones.
 */
export async function auditStream<State>(events: EventStore, kind: AuditKind<State>, id: string, at?: Date): Promise<AuditReport> {
  const stream = kind.streamOf(id);
  const [all, upToMoment] = await Promise.all([
    events.readStream(stream),
    at ? events.readStream(stream, { until: at }) : Promise.resolve(undefined),
  ]);
  const applied = upToMoment ?? all;
  let state = kind.decider.initialState;
  for (const event of applied) state = kind.decider.evolve(state, { type: event.type, data: event.data });
  const appliedIds = new Set(applied.map((event) => event.id));
  return {
    kind: kind.kind,
    id,
    stream,
    at: at ? at.toISOString() : null,
    exists: all.length > 0,
    eventsApplied: applied.length,
    timeline: all.map((event) => ({
      revision: Number(event.revision),
      position: event.position.toString(),
      time: event.metadata.timestamp,
      type: event.type,
      actor: typeof event.metadata.userId === 'string' ? event.metadata.userId : null,
      correlationId: typeof event.metadata.correlationId === 'string' ? event.metadata.correlationId : null,
      afterMoment: !appliedIds.has(event.id),
      fields: kind.summarise(event),
    })),
    state: kind.present ? kind.present(state) : state,
  };
}

/** The kinds an auditor may ask for, by name. */
export class AuditRegistry {
  private readonly kinds = new Map<string, AuditKind<unknown>>();

  constructor(kinds: AuditKind<unknown>[]) {
    for (const kind of kinds) this.kinds.set(kind.kind, kind);
  }

  names(): string[] {
    return [...this.kinds.keys()];
  }

  get(kind: string): AuditKind<unknown> | undefined {
    return this.kinds.get(kind);
  }
}
