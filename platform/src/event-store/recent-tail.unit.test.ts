import { describe, expect, it } from 'vitest';
import { RecentTail, type EventRow } from './recent-tail.ts';

const row = (position: number): EventRow => ({ position, event_id: `e${position}`, stream_id: 's', revision: position, type: 'T', data: '{}', metadata: '{}' });
const positions = (rows: EventRow[] | null) => rows?.map((r) => r.position) ?? null;

describe('RecentTail', () => {
  it('serves an unbroken run after a position, up to the limit or the head of the log', () => {
    const tail = new RecentTail();
    tail.add([1, 2, 3, 4, 5].map(row));
    expect(positions(tail.read(0, 10, () => 5))).toEqual([1, 2, 3, 4, 5]);
    expect(positions(tail.read(2, 2, () => 5))).toEqual([3, 4]);
  });

  it('sends a short read to the store when another process wrote after its newest row', () => {
    const tail = new RecentTail();
    tail.add([1, 2, 3].map(row));
    expect(tail.read(1, 10, () => 4)).toBeNull();
    expect(positions(tail.read(1, 2, () => 4))).toEqual([2, 3]); // a full page needs no head
  });

  it('sends a read to the store when it does not hold the next position', () => {
    const tail = new RecentTail();
    expect(tail.read(0, 10, () => 0)).toBeNull();
    tail.add([5, 6].map(row));
    expect(tail.read(2, 10, () => 6)).toBeNull(); // 3 is older than the tail
    expect(tail.read(6, 10, () => 6)).toBeNull(); // nothing newer is known here
  });

  it('sends a read that meets a gap left by another writer to the store, and serves the run after it', () => {
    const tail = new RecentTail();
    tail.add([1, 2].map(row));
    tail.add([5, 6].map(row)); // 3 and 4 were written by another process
    expect(tail.read(0, 10, () => 6)).toBeNull();
    expect(positions(tail.read(0, 2, () => 6))).toEqual([1, 2]);
    expect(tail.read(2, 10, () => 6)).toBeNull();
    expect(positions(tail.read(4, 10, () => 6))).toEqual([5, 6]);
  });

  it('forgets the oldest rows beyond its capacity', () => {
    const tail = new RecentTail(4);
    tail.add(Array.from({ length: 9 }, (_, i) => row(i + 1)));
    expect(tail.read(0, 10, () => 9)).toBeNull();
    expect(positions(tail.read(5, 10, () => 9))).toEqual([6, 7, 8, 9]);
  });
});
