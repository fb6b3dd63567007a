import { setTimeout as sleep } from 'node:timers/promises';
import { RebuildBusyError, RebuildUnavailableError, jobView, type RebuildJobView, type RebuildRequests, type RebuildService } from '@shop/projections';
import type { ProcessLink } from './process-link.ts';

const START = 'rebuild:start';
const GET = 'rebuild:get';

/** What the holder of the projections answers to a start. */
type StartAnswer = { job: RebuildJobView } | { busy: RebuildJobView } | { failed: string };

/** How often a job running in another process is looked at by `run`, and a missing holder asked for again. */
const POLL_MS = 100;

/** This process among several on one data folder: how to reach the others, and whether it holds the projections now. */
export interface RebuildCluster {
  link: ProcessLink;
  holdsProjections(): boolean;
  /** How long a request waits for some process to hold the projections (a dead holder's heir takes the lease within its time). */
  waitForHolderMs: number;
}

/**
 * The shop's rebuilds, run where the live projections run. A rebuild holds the projection
 * runner for its swap, and only the holder of the projector lease runs one: a request that
 * reaches another process is passed to the holder (ProcessLink.ask), which starts the job and
 * answers with it, and a job is looked up in whichever process runs it. Alone on its data
 * folder (no `cluster`), every request runs here.
 */
export class LeaseHolderRebuilds implements RebuildRequests {
  constructor(
    private readonly local: RebuildService,
    private readonly cluster?: RebuildCluster,
  ) {
    cluster?.link.answer(START, (target) => this.startAsHolder(String(target)));
    cluster?.link.answer(GET, (id) => {
      const job = this.local.get(String(id));
      return job ? jobView(job) : undefined;
    });
  }

  async start(target: string): Promise<RebuildJobView> {
    // An unknown name is refused here, as the holder would.
    this.local.resolve(target);
    const deadline = Date.now() + (this.cluster?.waitForHolderMs ?? 0);
    for (;;) {
      if (this.here()) return jobView(this.local.start(target));
      const [answer] = (await this.cluster!.link.ask(START, target)) as StartAnswer[];
      if (answer && 'job' in answer) return answer.job;
      if (answer && 'busy' in answer) throw new RebuildBusyError(answer.busy);
      if (answer) throw new Error(answer.failed);
      if (Date.now() >= deadline) throw new RebuildUnavailableError();
      await sleep(POLL_MS);
    }
  }

  async get(id: string): Promise<RebuildJobView | undefined> {
    const own = this.local.get(id);
    if (own) return jobView(own);
    if (!this.cluster) return undefined;
    const [theirs] = (await this.cluster.link.ask(GET, id)) as RebuildJobView[];
    return theirs;
  }

  async run(target: string): Promise<RebuildJobView> {
    for (;;) {
      if (this.here()) return jobView(await this.local.run(target));
      let job: RebuildJobView | undefined = await this.start(target);
      while (job?.state === 'running') {
        await sleep(POLL_MS);
        job = await this.get(job.id);
      }
      // Gone with the process that ran it (killed mid-rebuild): started again at its heir.
      if (job) return job;
    }
  }

  private here(): boolean {
    return !this.cluster || this.cluster.holdsProjections();
  }

  /** Another process's start: taken only by the holder of the projections. */
  private startAsHolder(target: string): StartAnswer | undefined {
    if (!this.cluster?.holdsProjections()) return undefined;
    try {
      return { job: jobView(this.local.start(target)) };
    } catch (error) {
      if (error instanceof RebuildBusyError) return { busy: jobView(error.running) };
      return { failed: error instanceof Error ? error.message : String(error) };
    }
  }
}
