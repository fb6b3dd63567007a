/**
 * npm run projections:rebuild -- <name|all> [--server <url>] [--local] [--offline]
 *
 * Rebuilds read models from the event log into shadow collections and swaps them in, while the
 * shop keeps serving. Where the rebuild runs decides who holds the live writers at the swap:
 *
 * - Embedded (PROJECTIONS=embedded) with the server running: the server's own runner writes the
 *   live collections, and only the server can hold it. So the rebuild is handed to the server
 *   (`POST /api/admin/projections/:name/rebuild`, with an admin token signed by the server's
 *   secret from DATA_DIR) and this command shows its progress. The server is looked for at
 *   --server, else PUBLIC_URL (http://HOST:PORT).
 * - Embedded with no server answering: nothing writes; the rebuild runs here. (--local forces
 *   this; only use it when no server runs on these files.)
 * - External (PROJECTIONS=external): the projector workers are held through Kafka (a pause
 *   record on every partition); --offline skips that when every worker is stopped.
 *
 * Exit code 0 when every projection was swapped in, 1 otherwise.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createLogger, loadConfig, loadOrCreateSecret, TokenService, type Config, type MessageBus } from '@shop/platform';
import { createKafkaBus } from '@shop/platform/adapters';
import {
  BusWriters,
  RebuildService,
  embeddedLayout,
  externalLayout,
  noLiveWriters,
  type RebuildJob,
  type RebuildProgress,
} from '@shop/projections';
import { ProgressBars, formatSeconds } from '@shop/projections/rebuild/progress-bar';
import { allProjections, openDocumentStore, openEventStore } from '../compose.ts';
import { DATA_FOLDER } from '../data-folder.ts';
import { runCli } from '../run-cli.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: 'string' },
    local: { type: 'boolean', default: false },
    offline: { type: 'boolean', default: false },
  },
});

async function main(): Promise<number> {
  const target = positionals[0];
  if (!target) {
    console.error(`Usage: npm run projections:rebuild -- <${allProjections.map((p) => p.name).join('|')}|all> [--server <url>] [--local] [--offline]`);
    return 2;
  }
  const config = loadConfig();
  if (config.PROJECTIONS === 'embedded' && !values.local) {
    const server = values.server ?? config.PUBLIC_URL;
    if (await answers(server)) return delegate(config, server, target);
    if (values.server) {
      console.error(`No shop answers at ${server}.`);
      return 1;
    }
  }
  if (config.PROJECTIONS === 'embedded') {
    console.log('No shop answers on these files; rebuilding here. (A shop running on them must be reachable: pass --server <url>.)');
  }
  return rebuildHere(config, target);
}

/** Runs the rebuild in this process. */
async function rebuildHere(config: Config, target: string): Promise<number> {
  const logger = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const events = await openEventStore(config);
  const store = await openDocumentStore(config);
  const external = config.PROJECTIONS === 'external';
  let bus: MessageBus | undefined;
  if (external && !values.offline) bus = await createKafkaBus(config, logger, 'rebuild');
  const service = new RebuildService({
    events,
    store,
    projections: allProjections,
    writers: bus ? new BusWriters(bus, store, { topic: config.KAFKA_TOPIC, partitions: config.KAFKA_PARTITIONS }) : noLiveWriters,
    layout: external ? externalLayout(config.KAFKA_PARTITIONS) : embeddedLayout,
    logger,
  });
  for (const projection of allProjections) for (const spec of projection.collections) await store.defineCollection(spec);
  const bars = new ProgressBars();
  try {
    const job = await service.run(target, (progress) => bars.update(progress));
    bars.stop();
    return report(job);
  } finally {
    bars.stop();
    await bus?.close();
    await events.close();
    await store.close();
  }
}

/** Hands the rebuild to the running server and follows its progress. */
async function delegate(config: Config, server: string, target: string): Promise<number> {
  const secret = config.JWT_SECRET ?? loadOrCreateSecret(join(config.DATA_DIR, DATA_FOLDER.secrets, 'jwt-secret'));
  const token = new TokenService(secret, '1h').sign({ userId: 'projections-cli', email: 'cli@localhost', isAdmin: true });
  const headers = { Authorization: `Bearer ${token}` };
  console.log(`The shop at ${server} is running: it rebuilds (it holds its own projections for the swap).`);
  const started = await fetch(`${server}/api/admin/projections/${encodeURIComponent(target)}/rebuild`, { method: 'POST', headers });
  const body = (await started.json()) as { id?: string; msg?: string };
  if (started.status !== 202 || !body.id) {
    console.error(`The shop refused: ${started.status} ${body.msg ?? ''}`);
    return 1;
  }
  const bars = new ProgressBars();
  try {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const reply = await fetch(`${server}/api/admin/projections/rebuilds/${body.id}`, { headers });
      const job = (await reply.json()) as WireJob;
      if (job.progress) bars.update(fromWire(job.progress));
      if (job.state !== 'running') {
        bars.stop();
        return report(job as unknown as RebuildJob);
      }
    }
  } finally {
    bars.stop();
  }
}

type WireJob = Omit<RebuildJob, 'progress'> & { progress: (Omit<RebuildProgress, 'position' | 'head'> & { position: string; head: string }) | null };

function fromWire(progress: NonNullable<WireJob['progress']>): RebuildProgress {
  return { ...progress, position: BigInt(progress.position), head: BigInt(progress.head) };
}

function report(job: RebuildJob): number {
  for (const result of job.results) {
    console.log(`  ${result.projection}: ${result.events} events replayed up to position ${result.position}; writers held ${result.heldMs < 1000 ? `${result.heldMs} ms` : formatSeconds(result.heldMs / 1000)}`);
  }
  if (job.state === 'done') {
    console.log(`Rebuilt ${job.target}.`);
    return 0;
  }
  console.error(`Rebuild of ${job.target} failed: ${job.error}`);
  return 1;
}

/** Whether a shop answers at `url` (asked a few times: a busy server may be slow to answer once). */
async function answers(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const reply = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1500) });
      if (reply.ok) return true;
    } catch (error) {
      // Nobody listening: no need to ask again.
      if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return false;
    }
  }
  return false;
}

runCli(main);
