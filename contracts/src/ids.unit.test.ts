import { describe, expect, it } from 'vitest';
import { isId, newId } from './ids.ts';

describe('newId', () => {
  it('starts with the time in seconds and is an id', () => {
    const id = newId(Date.UTC(2025, 0, 1));
    expect(isId(id)).toBe(true);
    expect(id.slice(0, 8)).toBe((Date.UTC(2025, 0, 1) / 1000).toString(16));
  });

  it('never repeats, also across refills of its random pool', () => {
    const ids = Array.from({ length: 5000 }, () => newId(0));
    expect(ids.every(isId)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
