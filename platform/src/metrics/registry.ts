import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** A projection's distance from the head of the log, measured when Prometheus scrapes. */
export interface ProjectionLag {
  projection: string;
  /** Events in the log after the projection's position (capped; see the server's lag probe). */
  events: number;
  /** Age of the oldest event the projection has not applied yet; 0 when caught up. */
  seconds: number;
}

/** Refunds the shop owes and has not made yet (the provider refused them, or is down). */
export interface RefundsOwed {
  count: number;
  /** How long the oldest has been owed; 0 when none is. */
  oldestSeconds: number;
}

/**
 * The shop's Prometheus metrics, in a registry of their own (tests create several shops in one
 * process; the global registry would refuse the second set).
 *
 * Labels are bounded on purpose: HTTP requests are labelled with the route pattern the router
 * matched (`/api/products/:id`), never the raw URL, so ids in paths cannot explode the series.
 */
export class ShopMetrics {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, matched route and status (the _count is the request rate)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly eventStoreAppendDuration = new Histogram({
    name: 'event_store_append_duration_seconds',
    help: 'Latency of appends to the event store, by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [this.registry],
  });

  private lagProbe: (() => Promise<ProjectionLag[]>) | undefined;
  /** One probe per scrape feeds both lag gauges. */
  private lagSample: Promise<ProjectionLag[]> | undefined;

  readonly projectionLagEvents: Gauge<'projection'>;
  readonly projectionLagSeconds: Gauge<'projection'>;

  private refundsProbe: (() => Promise<RefundsOwed>) | undefined;
  private refundsSample: Promise<RefundsOwed> | undefined;
  readonly refundsOwed: Gauge;
  readonly refundsOwedOldestSeconds: Gauge;

  constructor(options: { defaultMetrics?: boolean } = {}) {
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
    const sampleLag = () => this.sampleLag();
    this.projectionLagEvents = new Gauge({
      name: 'projection_lag_events',
      help: 'Events in the log that the projection has not applied yet',
      labelNames: ['projection'] as const,
      registers: [this.registry],
      async collect() {
        for (const lag of await sampleLag()) this.set({ projection: lag.projection }, lag.events);
      },
    });
    this.projectionLagSeconds = new Gauge({
      name: 'projection_lag_seconds',
      help: 'Age of the oldest event the projection has not applied yet (0 when caught up)',
      labelNames: ['projection'] as const,
      registers: [this.registry],
      async collect() {
        for (const lag of await sampleLag()) this.set({ projection: lag.projection }, lag.seconds);
      },
    });
    const sampleRefunds = () => this.sampleRefunds();
    this.refundsOwed = new Gauge({
      name: 'refunds_owed',
      help: 'Refunds the shop owes and has not made yet (alert when it stays above 0)',
      registers: [this.registry],
      async collect() {
        this.set((await sampleRefunds()).count);
      },
    });
    this.refundsOwedOldestSeconds = new Gauge({
      name: 'refunds_owed_oldest_seconds',
      help: 'How long the oldest refund owed has been waiting (0 when none is)',
      registers: [this.registry],
      async collect() {
        this.set((await sampleRefunds()).oldestSeconds);
      },
    });
  }

  /** Sets how the refunds owed are counted (the refund desk knows). */
  measureRefundsOwed(probe: () => Promise<RefundsOwed>): void {
    this.refundsProbe = probe;
  }

  /** Sets how projection lag is measured (the server knows the projections and where they keep progress). */
  measureProjectionLag(probe: () => Promise<ProjectionLag[]>): void {
    this.lagProbe = probe;
  }

  async render(): Promise<{ contentType: string; body: string }> {
    try {
      return { contentType: this.registry.contentType, body: await this.registry.metrics() };
    } finally {
      this.lagSample = undefined;
      this.refundsSample = undefined;
    }
  }

  private sampleRefunds(): Promise<RefundsOwed> {
    this.refundsSample ??= this.refundsProbe ? this.refundsProbe() : Promise.resolve({ count: 0, oldestSeconds: 0 });
    return this.refundsSample;
  }

  private sampleLag(): Promise<ProjectionLag[]> {
    this.lagSample ??= this.lagProbe ? this.lagProbe() : Promise.resolve([]);
    return this.lagSample;
  }
}
