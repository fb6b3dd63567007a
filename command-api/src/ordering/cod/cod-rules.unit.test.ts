import { describe, expect, it } from 'vitest';
import { COD_MESSAGES } from '@shop/contracts';
import { given } from '../../shared/given-when-then.ts';
import { codMailboxHoldsStream, type CodHoldEvent } from './cod-holds.ts';
import { codAddressOf, decideCod } from './cod-rules.ts';

const settings = { maxAmount: 5000, maxUnitsPerLine: 5 };
const order = { amount: 600, pincode: '560038', codAllowedHere: true, verifiedAccount: true, quantities: [2, 5] };

describe('may this order be paid in cash at the door', () => {
  it('yes for a verified account, where the zone takes cash, under the cap, at most 5 of each item', () => {
    expect(decideCod(order, settings)).toEqual({ ok: true });
  });

  it('no for an unverified account (403), a zone without cash, over the cap, or more than 5 of an item (400)', () => {
    expect(decideCod({ ...order, verifiedAccount: false }, settings)).toEqual({ ok: false, reason: 'unverified', msg: COD_MESSAGES.unverified });
    expect(decideCod({ ...order, codAllowedHere: false }, settings)).toEqual({ ok: false, reason: 'invalid', msg: COD_MESSAGES.notHere('560038') });
    expect(decideCod({ ...order, amount: 5001 }, settings)).toEqual({ ok: false, reason: 'invalid', msg: COD_MESSAGES.overCap(5000) });
    expect(decideCod({ ...order, quantities: [1, 6] }, settings)).toEqual({ ok: false, reason: 'invalid', msg: COD_MESSAGES.unitsPerLine(5) });
  });
});

describe('a delivery address as one holder of cash-on-delivery orders', () => {
  it('is one address however its line is written, and another at another pincode', () => {
    const at = (streetAddressLine1: string, zipCode = '560038') => codAddressOf({ zipCode, streetAddressLine1 });
    expect(new Set(['9 Depot Road', '9, Depot Road.', '#9 DEPOT  road', '9,depot-road', '９ Ｄepot Road'].map((line) => at(line)))).toEqual(new Set([at('9 Depot Road')]));
    expect(at('9 Depot Road', '560001')).not.toBe(at('9 Depot Road'));
    expect(at('19 Depot Road')).not.toBe(at('9 Depot Road'));
  });
});

const AT = '2026-12-08T10:00:00.000Z';
const LATER = '2026-12-08T11:00:00.000Z';
const taken = (holdId: string, until = LATER): CodHoldEvent => ({ type: 'CodHoldTaken', data: { holdId, takenAt: AT, until } });
const take = (holdId: string, closed: string[] = []) => ({ type: 'TakeCodHold', holdId, at: AT, until: LATER, max: 2, closed: new Set(closed), refusal: 'too many' }) as const;

describe('cash-on-delivery holds: at most `max` unconfirmed orders open per holder', () => {
  it('given two open holds, a third is refused; the same checkout again changes nothing', () => {
    const two = given(codMailboxHoldsStream, [taken('cod_a'), taken('cod_b')]);
    expect(two.refusal(take('cod_c')).message).toBe('too many');
    expect(two.when(take('cod_b'))).toEqual([]);
  });

  it('a hold out of time, released, or whose order was confirmed or ended no longer counts', () => {
    expect(given(codMailboxHoldsStream, [taken('cod_a', AT), taken('cod_b')]).when(take('cod_c'))).toEqual([taken('cod_c')]);
    const released: CodHoldEvent = { type: 'CodHoldReleased', data: { holdId: 'cod_a', reason: 'out of stock' } };
    expect(given(codMailboxHoldsStream, [taken('cod_a'), taken('cod_b'), released]).when(take('cod_c'))).toEqual([taken('cod_c')]);
    expect(given(codMailboxHoldsStream, [taken('cod_a'), taken('cod_b')]).when(take('cod_c', ['cod_a']))).toEqual([taken('cod_c')]);
  });

  it('releases a hold once', () => {
    const release = { type: 'ReleaseCodHold', holdId: 'cod_a', reason: 'out of stock' } as const;
    const held = given(codMailboxHoldsStream, [taken('cod_a')]);
    expect(held.when(release)).toEqual([{ type: 'CodHoldReleased', data: { holdId: 'cod_a', reason: 'out of stock' } }]);
    expect(given(codMailboxHoldsStream, [taken('cod_a'), ...held.when(release)]).when(release)).toEqual([]);
    expect(given(codMailboxHoldsStream).when(release)).toEqual([]);
  });
});
