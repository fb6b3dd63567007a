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

/**
 * Why a business rule said no. Deciders know nothing of HTTP: each feature's routes turn a
 * refusal into its reply (its status and the body shape the feature's original client reads).
 */
export type Refusal =
  /** The command breaks a rule about its own input (a quantity, a rating, a wrong code). */
  | 'invalid'
  /** What it names does not exist (or is not the caller's). */
  | 'not-found'
  /** The state forbids it now: already done, taken by another, changed meanwhile. */
  | 'conflict'
  /** It is already there; asking again changes nothing (My List's duplicate). */
  | 'duplicate'
  /** The account has not verified its e-mail yet. */
  | 'unverified'
  /** The caller may not do this (yet): a reset not verified, or verified too long ago. */
  | 'not-allowed'
  /** A quota is used up (stored uploads). */
  | 'quota'
  /** Too many attempts for now; try again later. */
  | 'rate-limited'
  /** A collaborator failed (the mail server): nothing was decided. */
  | 'unavailable';

/** A business rule said no: the reason and the message the shopper sees, and nothing about the reply. */
export class DomainError extends Error {
  constructor(
    readonly reason: Refusal,
    message: string,
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
