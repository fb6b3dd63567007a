/**
 * A job that runs now and then every `everyMs` (a desk's sweep: refunds owed, unconfirmed orders),
 * one run at a time: a timer tick while one runs is skipped, a `sweep()` call while one runs
 * queues the next after it, so it sees everything there was when it was called. `run` must never
 * reject (it logs its failures and leaves them for the next run); `stopped` tells it to stop early.
 */
export class PeriodicSweep {
  private sweeping: Promise<number> | undefined;
  private timer: NodeJS.Timeout | undefined;
  stopped = false;

  constructor(private readonly run: () => Promise<number>) {}

  /** Sweeps now and then every `everyMs` until `stop` (again after a stop: a desk whose lease came back). */
  start(everyMs: number): void {
    this.stopped = false;
    this.timer = setInterval(() => {
      if (!this.sweeping) void this.sweep();
    }, everyMs);
    this.timer.unref();
    void this.sweep();
  }

  /** Stops sweeping; a sweep in progress ends after the item it is on (shutdown waits for no more). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.sweeping;
  }

  /** Runs now (after the run in progress, if any); resolves with what the run counted. */
  sweep(): Promise<number> {
    const next = (this.sweeping ?? Promise.resolve(0)).then(() => this.run());
    this.sweeping = next;
    void next.finally(() => {
      if (this.sweeping === next) this.sweeping = undefined;
    });
    return next;
  }
}

/**
 * A desk that sweeps now and then (refunds owed, unconfirmed cash-on-delivery orders, lapsed gift
 * card holds): `sweepOnce` is its one run, which must never reject and should stop early when
 * `stopping` says so.
 */
export abstract class SweepingDesk {
  private readonly sweeper = new PeriodicSweep(() => this.sweepOnce());

  /** Sweeps now and then every `everyMs` until `stop` (skipping a turn while one is still running). */
  start(everyMs: number): void {
    this.sweeper.start(everyMs);
  }

  /** Stops sweeping; a sweep in progress ends after the item it is on (shutdown waits for no more). */
  stop(): Promise<void> {
    return this.sweeper.stop();
  }

  /** Runs a sweep now (after the one in progress); resolves with how many it did. */
  sweep(): Promise<number> {
    return this.sweeper.sweep();
  }

  /** True once `stop` was called: a run leaves the rest for the next sweep. */
  protected get stopping(): boolean {
    return this.sweeper.stopped;
  }

  protected abstract sweepOnce(): Promise<number>;
}
