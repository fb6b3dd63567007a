import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/decider.ts';
import { promotionDecider, promotionWithdrawn, type PromotionCommand, type PromotionEvent, type PromotionStreamState } from './decider.ts';

const promotionId = 'a'.repeat(24);
const created: PromotionEvent = { type: 'PromotionCreated', data: { promotionId, name: 'Limited ten', type: 'percent', value: 10, code: 'LIMITED', usageLimit: 5 } };
const given = (...events: PromotionEvent[]): PromotionStreamState => events.reduce(promotionDecider.evolve, promotionDecider.initialState);
const claim = (paymentId: string): PromotionCommand => ({ type: 'ClaimPromotionUse', promotionId, paymentId, orderId: `order-${paymentId}`, customerKey: 'k1', amount: 100 });

function refusal(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
  return 'no refusal';
}

describe('claiming a use of a promotion an admin paused or ended', () => {
  it('is refused on the stream, so a pause and a checkout cannot cross', () => {
    for (const stopped of [{ type: 'PromotionPaused', data: { promotionId } }, { type: 'PromotionEnded', data: { promotionId } }] as const) {
      expect(refusal(() => promotionDecider.decide(claim('p1'), given(created, stopped)))).toBe(promotionWithdrawn('Limited ten'));
    }
    expect(promotionDecider.decide(claim('p1'), given(created))).toHaveLength(1);
  });

  it('leaves a use claimed before the pause with its checkout (a retry claims nothing new)', () => {
    const claimed = promotionDecider.decide(claim('p1'), given(created));
    expect(promotionDecider.decide(claim('p1'), given(created, ...claimed, { type: 'PromotionPaused', data: { promotionId } }))).toEqual([]);
  });
});
