import { describe, expect, it } from 'vitest';
import { PositionWaiters, ProjectionLagError } from './position-waiters.ts';

describe('waiting for projections to reach a position', () => {
  const setup = () => {
    const positions = new Map<string, bigint>([
      ['cart', 0n],
      ['catalog', 0n],
    ]);
    const waiters = new PositionWaiters((name) => positions.get(name) ?? 0n);
    const move = (name: string, position: bigint) => {
      positions.set(name, position);
      waiters.advanced();
    };
    return { waiters, move };
  };

  it('resolves at once when reached, and otherwise once every named projection got there', async () => {
    const { waiters, move } = setup();
    await waiters.wait(0n, ['cart'], 1000);
    const settled: string[] = [];
    const both = waiters.wait(5n, ['cart', 'catalog'], 1000).then(() => settled.push('both'));
    const cart = waiters.wait(3n, ['cart'], 1000).then(() => settled.push('cart'));
    move('cart', 4n);
    await cart;
    expect(settled).toEqual(['cart']);
    move('cart', 6n);
    move('catalog', 5n);
    await both;
    expect(settled).toEqual(['cart', 'both']);
  });

  it('refuses a wait at its own deadline with the projections still behind, whatever order the waits came in', async () => {
    const { waiters, move } = setup();
    const started = performance.now();
    const late = waiters.wait(9n, ['cart', 'catalog'], 400);
    const early = waiters.wait(7n, ['cart', 'catalog'], 50);
    move('catalog', 9n);
    await expect(early).rejects.toEqual(new ProjectionLagError(['cart'], 7n));
    expect(performance.now() - started).toBeLessThan(300);
    await expect(late).rejects.toMatchObject({ name: 'ProjectionLagError', projections: ['cart'], position: 9n });
    expect(performance.now() - started).toBeGreaterThanOrEqual(395);
  });
});
