import { describe, expect, it } from 'vitest';
import { newEventId } from './port.ts';

describe('newEventId', () => {
  it('makes UUIDs that sort in the order they were made', () => {
    const ids = Array.from({ length: 2000 }, () => newEventId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
