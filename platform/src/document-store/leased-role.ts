import type { Logger } from '../logger.ts';
import type { DocumentStore } from './port.ts';

/** Work that one process at a time may do: started when the lease is won, stopped when it is lost. */
export interface LeasedWork {
  start(): Promise<void> | void;
  stop(): Promise<void>;
}

export interface LeasedRoleOptions {
  /** How long the lease lasts unrenewed: another process takes over this long after the holder died. */
  ttlMs: number;
  /**
   * Who holds it. Processes that may run side by side need owners of their own; a process that
   * is alone on its store keeps one owner across restarts, so after a crash it takes its lease
   * back at once instead of waiting for it to expire.
   */
  owner: string;
  logger: Pick<Logger, 'info' | 'warn'>;
}

/**
 * A role only one of the processes sharing a document store plays at a time (the order mail
 * desk, the refund desk): every process tries for the role's lease every third of its time to
 * live; the holder starts the work and renews the lease as often. When a renewal finds another
 * owner the work stops; when the store does not answer, the work stops when four fifths of the
 * lease's time have passed since the last renewal was asked for, before the lease can expire and
 * another process start the work.
 */
export class LeasedRole {
  private timer: NodeJS.Timeout | undefined;
  private holding = false;
  /** Fires when the lease may soon expire unrenewed, while holding. */
  private expiry: NodeJS.Timeout | undefined;
  private turn: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly store: DocumentStore,
    /** The lease's name, e.g. `role:order-mail`. */
    private readonly name: string,
    private readonly work: LeasedWork,
    private readonly options: LeasedRoleOptions,
  ) {}

  /** True while this process holds the lease and runs the work. */
  get active(): boolean {
    return this.holding;
  }

  /** Tries for the lease now (starting the work if won), then keeps trying or renewing. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.tick();
    this.timer = setInterval(() => void this.tick(), Math.max(10, Math.floor(this.options.ttlMs / 3)));
    // The heartbeat alone must not keep a process alive.
    this.timer.unref();
  }

  /** Stops the work (if running here) and gives the lease up, so another process takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.expiry);
    await this.turn;
    if (this.holding) await this.release();
  }

  /** One step at a time: a try, a renewal or an expiry never run at once. */
  private queue(step: () => Promise<void>): Promise<void> {
    this.turn = this.turn.then(() => (this.stopped ? undefined : step()));
    return this.turn;
  }

  private tick(): Promise<void> {
    return this.queue(() => this.tryOrRenew());
  }

  private async tryOrRenew(): Promise<void> {
    // The lease runs from when the store wrote it, which is after this: counting from here errs early.
    const askedAt = Date.now();
    let held: boolean;
    try {
      held = (await this.store.acquireLease(this.name, this.options.owner, this.options.ttlMs)) !== null;
    } catch (error) {
      // Unanswered: the work goes on while the lease surely holds (the expiry timer ends it).
      if (this.holding) this.options.logger.warn({ err: error, role: this.name }, 'could not renew the lease; trying again');
      return;
    }
    if (held) {
      clearTimeout(this.expiry);
      this.expiry = setTimeout(() => void this.queue(() => this.expire()), Math.max(0, askedAt + Math.floor(this.options.ttlMs * 0.8) - Date.now()));
      this.expiry.unref();
      if (!this.holding) {
        this.holding = true;
        this.options.logger.info({ role: this.name, owner: this.options.owner }, 'took the lease; starting the work');
        try {
          await this.work.start();
        } catch (error) {
          this.options.logger.warn({ err: error, role: this.name }, 'the work did not start; giving the lease up and trying again');
          await this.release();
        }
      }
    } else if (this.holding) {
      this.options.logger.warn({ role: this.name }, 'another process holds the lease now; stopping the work here');
      await this.stopWork();
    }
  }

  private async expire(): Promise<void> {
    if (!this.holding) return;
    this.options.logger.warn({ role: this.name }, 'the lease was not renewed in time; stopping the work until it is won back');
    await this.stopWork();
  }

  private async stopWork(): Promise<void> {
    this.holding = false;
    clearTimeout(this.expiry);
    await this.work.stop();
  }

  private async release(): Promise<void> {
    if (this.holding) await this.stopWork();
    await this.store.releaseLease(this.name, this.options.owner).catch(() => undefined);
  }
}
