import type { DocumentStore } from '@shop/platform';
import { ProjectionLagError } from '../runner.ts';
import type { CheckpointLayout } from './layout.ts';

interface Waiter {
  position: bigint;
  names: string[];
  deadline: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Read-your-writes when the projections run elsewhere (PROJECTIONS=external): a command's reply
 * waits until the projections it names have recorded, in the read store, a position at or past
 * the one the command wrote. One polling loop serves every waiting request (it runs only while
 * someone waits), so a burst of commands costs one read per projection per tick, not per request.
 */
export class CheckpointWatcher {
  private readonly waiters = new Set<Waiter>();
  private polling = false;

  constructor(
    private readonly store: DocumentStore,
    private readonly layout: CheckpointLayout,
    private readonly options: { pollMs?: number; timeoutMs?: number } = {},
  ) {}

  /** Resolves once every named projection has reached `position`; ProjectionLagError after the timeout. */
  waitFor(position: bigint, names: string[], timeoutMs = this.options.timeoutMs ?? 5000): Promise<void> {
    if (position <= 0n || names.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiters.add({ position, names, deadline: Date.now() + timeoutMs, resolve, reject });
      if (!this.polling) void this.poll();
    });
  }

  private async poll(): Promise<void> {
    this.polling = true;
    try {
      while (this.waiters.size > 0) {
        const names = new Set([...this.waiters].flatMap((w) => w.names));
        const positions = new Map<string, bigint>();
        try {
          await Promise.all([...names].map(async (name) => positions.set(name, await this.layout.position(this.store, name))));
        } catch {
          // The read store is unreachable for a moment: the waiters' own deadlines decide.
        }
        const now = Date.now();
        for (const waiter of this.waiters) {
          const behind = waiter.names.filter((name) => (positions.get(name) ?? -1n) < waiter.position);
          if (behind.length === 0) {
            this.waiters.delete(waiter);
            waiter.resolve();
          } else if (now >= waiter.deadline) {
            this.waiters.delete(waiter);
            waiter.reject(new ProjectionLagError(behind, waiter.position));
          }
        }
        if (this.waiters.size > 0) await new Promise((resolve) => setTimeout(resolve, this.options.pollMs ?? 20));
      }
    } finally {
      this.polling = false;
    }
  }
}
