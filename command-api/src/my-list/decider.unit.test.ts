import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { MY_LIST_MESSAGES, newId } from '@shop/contracts';
import { myListStream, type MyListCommand, type MyListEvent } from './decider.ts';
import { myListRefusal } from './routes.ts';

const userId = 'u1';
const entry = { entryId: newId(), productId: newId(), productTitle: 'Kurta', image: '/k.svg', rating: 4.5, price: 899 };
const added: MyListEvent = { type: 'MyListItemAdded', data: { ...entry, userId } };
const when = (events: MyListEvent[], command: MyListCommand) => given(myListStream, events).when(command);
const refusal = (events: MyListEvent[], command: MyListCommand) => myListRefusal(given(myListStream, events).refusal(command));

describe('My List decider', () => {
  it('lists a product', () => {
    expect(when([], { type: 'AddToList', userId, entry })).toEqual([added]);
  });
  it('refuses a product already listed with status false (HTTP 200)', () => {
    const error = refusal([added], { type: 'AddToList', userId, entry: { ...entry, entryId: newId() } });
    expect([error.status, error.body]).toEqual([200, { status: false, msg: MY_LIST_MESSAGES.duplicate }]);
  });
  it('removes an entry; an unknown one is 404', () => {
    const removed: MyListEvent = { type: 'MyListItemRemoved', data: { userId, entryId: entry.entryId, productId: entry.productId } };
    expect(when([added], { type: 'RemoveFromList', userId, entryId: entry.entryId })).toEqual([removed]);
    expect(refusal([added, removed], { type: 'RemoveFromList', userId, entryId: entry.entryId }).status).toBe(404);
  });
  it('lists a product again after it was removed', () => {
    const removed: MyListEvent = { type: 'MyListItemRemoved', data: { userId, entryId: entry.entryId, productId: entry.productId } };
    expect(when([added, removed], { type: 'AddToList', userId, entry: { ...entry, entryId: 'e2' } })).toHaveLength(1);
  });
});
