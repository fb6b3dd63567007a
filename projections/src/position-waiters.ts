/**
 * Thrown when a read-your-writes wait runs out of time. The wait comes after the command's
 * append, so what it waited for is committed (`committed`): the HTTP layer answers 202.
 */
export class ProjectionLagError extends Error {
  readonly committed = true;

  constructor(readonly projections: string[], readonly position: bigint) {
    super(`Projections ${projections.join(', ')} did not reach position ${position} in time`);
    this.name = 'ProjectionLagError';
  }
}

interface Waiter {
  position: bigint;
  names: string[];
  deadline: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * The requests waiting for projections to reach a position (read your writes), in one list with
 * one timer for their deadlines. Every command reply waits here, so a wait costs a promise and a
 * list entry: no listener added and removed, no timer armed and cleared per request, and one
 * pass over the list per committed batch.
 */
export class PositionWaiters {
  private readonly waiters = new Set<Waiter>();
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;

  constructor(private readonly positionOf: (name: string) => bigint) {}

  /** How many requests are waiting. */
  get size(): number {
    return this.waiters.size;
  }

  /** The names some request is waiting for. */
  names(): Set<string> {
    const names = new Set<string>();
    for (const waiter of this.waiters) for (const name of waiter.names) names.add(name);
    return names;
  }

  /** Resolves once every name is at or past `position`; ProjectionLagError after `timeoutMs`. */
  wait(position: bigint, names: string[], timeoutMs: number): Promise<void> {
    if (this.reached(position, names)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const deadline = performance.now() + timeoutMs;
      this.waiters.add({ position, names, deadline, resolve, reject });
      if (deadline < this.timerAt) this.armTimer(deadline);
    });
  }

  /** Settles the waits that the positions now satisfy; call after positions moved. */
  advanced(): void {
    for (const waiter of this.waiters) {
      if (!this.reached(waiter.position, waiter.names)) continue;
      this.waiters.delete(waiter);
      waiter.resolve();
    }
    if (this.waiters.size === 0) this.disarm();
  }

  private reached(position: bigint, names: string[]): boolean {
    for (const name of names) if (this.positionOf(name) < position) return false;
    return true;
  }

  /** Refuses the waits past their deadline, and sets the timer for the next one. */
  private expire(): void {
    this.disarm();
    const now = performance.now();
    let next = Infinity;
    for (const waiter of this.waiters) {
      if (waiter.deadline <= now) {
        this.waiters.delete(waiter);
        waiter.reject(new ProjectionLagError(waiter.names.filter((name) => this.positionOf(name) < waiter.position), waiter.position));
      } else if (waiter.deadline < next) next = waiter.deadline;
    }
    if (next < Infinity) this.armTimer(next);
  }

  private armTimer(at: number): void {
    this.disarm();
    this.timerAt = at;
    this.timer = setTimeout(() => this.expire(), Math.max(0, at - performance.now()));
  }

  private disarm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
  }
}
