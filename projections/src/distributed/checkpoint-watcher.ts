import type { DocumentStore } from '@shop/platform';
import { PositionWaiters } from '../position-waiters.ts';
import type { CheckpointLayout } from './layout.ts';

/**
 * Read-your-writes when the projections run elsewhere (PROJECTIONS=external): a command's reply
 * waits until the projections it names have recorded, in the read store, a position at or past
 * the one the command wrote. One polling loop serves every waiting request (it runs only while
 * someone waits), so a burst of commands costs one read per projection per tick, not per request;
 * the waits and their deadlines are the embedded runner's (PositionWaiters), over the positions
 * last read.
 */
export class CheckpointWatcher {
  /** Positions as last read from the store; checkpoints only move forward, so a stale one is never too far. */
  private readonly seen = new Map<string, bigint>();
  private readonly waiters = new PositionWaiters((name) => this.seen.get(name) ?? -1n);
  private polling = false;
  /** Ends the poll loop's current pause early (see `nudge`). */
  private wake: () => void = () => {};

  constructor(
    private readonly store: DocumentStore,
    private readonly layout: CheckpointLayout,
    private readonly options: { pollMs?: number; timeoutMs?: number } = {},
  ) {}

  /** Resolves once every named projection has reached `position`; ProjectionLagError after the timeout. */
  waitFor(position: bigint, names: string[], timeoutMs = this.options.timeoutMs ?? 5000): Promise<void> {
    if (position <= 0n || names.length === 0) return Promise.resolve();
    const waiting = this.waiters.wait(position, names, timeoutMs);
    if (!this.polling) void this.poll();
    return waiting;
  }

  /**
   * Looks at the checkpoints now instead of at the next poll: the process that runs the
   * projections says when it committed a batch (WORKERS > 1), so a reply waits for the
   * projections, not for the poll interval. Polling stays, in case a word is lost.
   */
  nudge(): void {
    this.wake();
  }

  private async poll(): Promise<void> {
    this.polling = true;
    try {
      while (this.waiters.size > 0) {
        try {
          await Promise.all([...this.waiters.names()].map(async (name) => this.seen.set(name, await this.layout.position(this.store, name))));
        } catch {
          // The read store is unreachable for a moment: the waiters' own deadlines decide.
        }
        this.waiters.advanced();
        if (this.waiters.size > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(() => this.wake(), this.options.pollMs ?? 20);
            this.wake = () => {
              clearTimeout(timer);
              this.wake = () => {};
              resolve();
            };
          });
        }
      }
    } finally {
      this.polling = false;
    }
  }
}
