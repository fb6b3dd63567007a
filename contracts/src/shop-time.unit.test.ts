import { describe, expect, it } from 'vitest';
import { daysBefore, dashboardSlotOf, isTimeZone, shopDateTime, shopDay } from './shop-time.ts';

describe('the shop calendar', () => {
  it('puts 02:00 IST on the Indian day, the UTC day before', () => {
    expect(shopDay('2026-11-25T20:30:00.000Z', 'Asia/Kolkata')).toBe('2026-11-26');
    expect(shopDay('2026-11-25T18:29:59.999Z', 'Asia/Kolkata')).toBe('2026-11-25');
    expect(shopDay('2026-11-25T20:30:00.000Z', 'UTC')).toBe('2026-11-25');
  });

  it('follows daylight saving where a zone has it (London: BST in July, GMT in January)', () => {
    expect(shopDay('2026-07-01T23:30:00.000Z', 'Europe/London')).toBe('2026-07-02');
    expect(shopDay('2026-01-01T23:30:00.000Z', 'Europe/London')).toBe('2026-01-01');
  });

  it('counts calendar days back across months and leap years', () => {
    expect(daysBefore('2028-03-01', 1)).toBe('2028-02-29');
    expect(daysBefore('2026-01-03', 6)).toBe('2025-12-28');
  });

  it('slots an instant into its 15 minutes, so a zone with a :30 or :45 offset starts its day on a slot', () => {
    expect(dashboardSlotOf('2026-11-25T20:44:59.999Z')).toBe('2026-11-25T20:30:00.000Z');
    expect(dashboardSlotOf('2026-11-25T18:15:00.000Z')).toBe('2026-11-25T18:15:00.000Z');
  });

  it('writes a date as a shopper in India reads it, and knows a zone from a typo', () => {
    expect(shopDateTime('2026-11-25T20:30:00.000Z', 'Asia/Kolkata')).toBe('26 Nov 2026, 2:00 am IST');
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Asia/Kolkatta')).toBe(false);
  });
});
