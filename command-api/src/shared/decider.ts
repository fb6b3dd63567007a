/** An event as a decider sees it: its type and data, before the store gives it an identity. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/**
 * The pure heart of a feature: `decide` turns a command and the current state into new events
 * (or throws a DomainError), `evolve` folds one event into the state. No I/O, so both are tested
 * with given-events / when-command / then-events.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

/** A business rule said no. Carries the reply the route sends. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly body: Record<string, unknown> = { error: true, msg: message },
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: Iterable<Event>,
): State {
  let state = decider.initialState;
  for (const event of events) state = decider.evolve(state, event);
  return state;
}
