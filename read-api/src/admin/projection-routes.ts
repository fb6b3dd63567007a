import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { LogSealingStatus } from '@shop/contracts';
import { HttpError, type DocumentStore, type EventStore } from '@shop/platform';
import {
  RebuildBusyError,
  RebuildUnavailableError,
  UnknownProjectionError,
  jobView,
  withStringPositions,
  type CheckpointLayout,
  type ProjectionUpgrades,
  type Projection,
  type RebuildRequests,
} from '@shop/projections';

export interface ProjectionAdminDeps {
  events: EventStore;
  docs: DocumentStore;
  projections: Projection[];
  checkpoints: CheckpointLayout;
  rebuilds: RebuildRequests;
  upgrades: Pick<ProjectionUpgrades, 'status'>;
  /** The sealing of an older log's personal data at start-up (erasure waits for it); null where none is done. */
  logSealing?: { current(): LogSealingStatus } | null;
}

/**
 * Projection operations for the running server:
 * - `GET  /admin/projections`: each projection's position, version and state (current, or being
 *   rebuilt at start-up, with why and how far along), the head of the log, whether all are current,
 *   and the sealing of a log an older release wrote with people in clear (`logSealing`);
 * - `POST /admin/projections/:name/rebuild` (`all` for every one): starts a rebuild in the
 *   process running the projections (this one, or the lease holder of several), which can hold
 *   its runner around the swap; answers 202 with the job (503 while no process holds them);
 * - `GET  /admin/projections/rebuilds/:id`: the job's state and progress, from any process.
 */
export function projectionRoutes(router: Router, deps: ProjectionAdminDeps, guard: Middleware): void {
  router.get('/admin/projections', guard, async (ctx) => {
    const head = await deps.events.headPosition();
    const { ready, readModels } = deps.upgrades.status();
    const projections = await Promise.all(
      deps.projections.map(async (p) => {
        const model = readModels.find((m) => m.name === p.name);
        return {
          name: p.name,
          position: (await deps.checkpoints.position(deps.docs, p.name)).toString(),
          version: p.version,
          state: model?.state ?? 'current',
          reason: model?.reason ?? null,
          error: model?.error ?? null,
          progress: model?.progress ? withStringPositions(model.progress) : null,
        };
      }),
    );
    ctx.body = { head: head.toString(), ready, projections, logSealing: deps.logSealing?.current() ?? null };
  });

  router.post('/admin/projections/:name/rebuild', guard, async (ctx) => {
    try {
      const job = await deps.rebuilds.start(ctx.params.name ?? '');
      ctx.status = 202;
      ctx.set('Location', `/api/admin/projections/rebuilds/${job.id}`);
      ctx.body = jobView(job);
    } catch (error) {
      if (error instanceof UnknownProjectionError) throw new HttpError(404, { error: true, msg: error.message });
      if (error instanceof RebuildBusyError) throw new HttpError(409, { error: true, msg: error.message, job: jobView(error.running) });
      if (error instanceof RebuildUnavailableError) throw new HttpError(503, { error: true, msg: error.message });
      throw error;
    }
  });

  router.get('/admin/projections/rebuilds/:id', guard, async (ctx) => {
    const job = await deps.rebuilds.get(ctx.params.id ?? '');
    if (!job) throw new HttpError(404, { error: true, msg: 'No such rebuild' });
    ctx.body = jobView(job);
  });
}

