/** Where a rebuild or verify stands; the CLI draws it, the admin route returns it. */
export interface RebuildProgress {
  projection: string;
  phase: 'replaying' | 'indexing' | 'holding' | 'swapping' | 'comparing' | 'done' | 'failed';
  /** Events read from the log so far. */
  events: number;
  /** Log position the shadow has reached. */
  position: bigint;
  /** Head of the log when last looked at. */
  head: bigint;
  eventsPerSecond: number;
  /** Estimated seconds left, from how fast positions go by; null until it can be told. */
  etaSeconds: number | null;
  /** 0..1, by position (positions grow with the log on both event stores). */
  fraction: number;
}

/** Turns "another batch is in" into rates and a time left. */
export class ProgressTracker {
  private readonly started = performance.now();
  private events = 0;
  private position = 0n;
  private current: RebuildProgress;

  constructor(
    projection: string,
    private head: bigint,
    private readonly report: (progress: RebuildProgress) => void = () => {},
  ) {
    this.current = { projection, phase: 'replaying', events: 0, position: 0n, head, eventsPerSecond: 0, etaSeconds: null, fraction: 0 };
    this.report(this.current);
  }

  batch(count: number, position: bigint, head?: bigint): void {
    this.events += count;
    this.position = position;
    if (head !== undefined && head > this.head) this.head = head;
    if (this.position > this.head) this.head = this.position;
    this.emit(this.current.phase);
  }

  phase(phase: RebuildProgress['phase']): void {
    this.emit(phase);
  }

  snapshot(): RebuildProgress {
    return this.current;
  }

  private emit(phase: RebuildProgress['phase']): void {
    const seconds = (performance.now() - this.started) / 1000;
    const rate = seconds > 0 ? this.events / seconds : 0;
    const positionsPerSecond = seconds > 0 ? Number(this.position) / seconds : 0;
    const left = Number(this.head - this.position);
    const finished = phase === 'done' || phase === 'failed';
    this.current = {
      projection: this.current.projection,
      phase,
      events: this.events,
      position: this.position,
      head: this.head,
      eventsPerSecond: Math.round(rate),
      etaSeconds: finished ? 0 : positionsPerSecond > 0 ? Math.max(0, left / positionsPerSecond) : null,
      fraction: this.head > 0n ? Math.min(1, Number(this.position) / Number(this.head)) : finished ? 1 : 0,
    };
    this.report(this.current);
  }
}
