import { describe, expect, it } from 'vitest';
import { ORDER_TRANSITIONS, orderStatus } from '@shop/contracts';
import { NEXT_STATUSES, ORDER_STATUSES } from './adminApi.ts';

// The back office keeps its own copies (contracts' values would pull zod into its chunk); they
// must say what the order decider says, or the order page offers moves the server refuses.
describe('the order page\'s statuses', () => {
  it('are the contract\'s statuses, in order', () => {
    expect(ORDER_STATUSES).toEqual(orderStatus.options);
  });

  it('offer exactly the transitions the order decider allows', () => {
    expect(NEXT_STATUSES).toEqual(ORDER_TRANSITIONS);
  });
});
