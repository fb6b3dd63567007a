import { MY_LIST_MESSAGES, type MyListEventMap, myListStreams, myListEventSchemas } from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../shared/decider.ts';
import { streamType } from '../shared/stream-type.ts';

type Ev<K extends keyof MyListEventMap> = DomainEvent<K, MyListEventMap[K]>;
export type MyListEvent = Ev<'MyListItemAdded'> | Ev<'MyListItemRemoved'>;
export type MyListEntry = Omit<MyListEventMap['MyListItemAdded'], 'userId'>;

/** Entries by entry id; a product is listed at most once. */
export interface MyListState {
  entries: ReadonlyMap<string, MyListEntry>;
}

export type MyListCommand =
  | { type: 'AddToList'; userId: string; entry: MyListEntry }
  | { type: 'RemoveFromList'; userId: string; entryId: string };

export const myListDecider: Decider<MyListState, MyListCommand, MyListEvent> = {
  initialState: { entries: new Map() },
  evolve(state, event) {
    const entries = new Map(state.entries);
    if (event.type === 'MyListItemAdded') {
      const { userId: _user, ...entry } = event.data;
      entries.set(entry.entryId, entry);
    } else {
      entries.delete(event.data.entryId);
    }
    return { entries };
  },
  decide(command, state) {
    switch (command.type) {
      case 'AddToList': {
        const { entry, userId } = command;
        if ([...state.entries.values()].some((e) => e.productId === entry.productId)) {
          throw new DomainError('duplicate', MY_LIST_MESSAGES.duplicate);
        }
        return [{ type: 'MyListItemAdded', data: { ...entry, userId } }];
      }
      case 'RemoveFromList': {
        const entry = state.entries.get(command.entryId);
        if (!entry) throw new DomainError('not-found', MY_LIST_MESSAGES.notFound);
        return [{ type: 'MyListItemRemoved', data: { userId: command.userId, entryId: entry.entryId, productId: entry.productId } }];
      }
    }
  },
};

/** A shopper's My List (`mylist-<userId>`). */
export const myListStream = streamType({ kind: 'my-list', decider: myListDecider, streamId: myListStreams.list, schemas: myListEventSchemas });
