import { DomainError, fold, type Decider, type DomainEvent } from './decider.ts';

/** A stream type as its tests take it (`StreamType`, or anything with its decider). */
interface Decided<State, Command, Event extends DomainEvent> {
  decider: Decider<State, Command, Event>;
}

/** A decider at a given state: `when` decides a command there; `refusal` expects it to say no. */
export interface Scenario<State, Command, Event extends DomainEvent> {
  state: State;
  /** The events the command decides (then: compare them). */
  when(command: Command): Event[];
  /** The DomainError the command is refused with; fails when it is not refused. */
  refusal(command: Command): DomainError;
}

function scenario<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>, state: State): Scenario<State, Command, Event> {
  const when = (command: Command) => decider.decide(command, state);
  return {
    state,
    when,
    refusal(command) {
      try {
        when(command);
      } catch (error) {
        if (error instanceof DomainError) return error;
        throw error;
      }
      throw new Error('expected the command to be refused');
    },
  };
}

/**
 * The deciders' one test shape: given these events on a stream of this type, when this command,
 * then these events (or this refusal). Pure: no store, no I/O.
 */
export function given<State, Command, Event extends DomainEvent>(
  type: Decided<State, Command, Event>,
  events: readonly Event[] = [],
): Scenario<State, Command, Event> {
  return scenario(type.decider, fold(type.decider, events));
}

/** The same at a state built by hand (a state no event sequence reaches easily). */
export function givenState<State, Command, Event extends DomainEvent>(type: Decided<State, Command, Event>, state: State): Scenario<State, Command, Event> {
  return scenario(type.decider, state);
}
