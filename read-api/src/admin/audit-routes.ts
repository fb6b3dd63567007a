import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { HttpError, type DocumentStore, type EventStore } from '@shop/platform';
import { auditStream, type AuditRegistry } from '@shop/projections';
import { peopleNamed } from './people.ts';

/**
 * `GET /admin/audit/:kind/:id?at=<ISO time>`: a cart (by user id) or an order (by order id)
 * replayed to a moment: the timeline of its events and the state the write side had then, and
 * `people`: who the actors (and a cart's owner) are.
 */
export function auditRoutes(router: Router, deps: { events: EventStore; docs: DocumentStore; audits: AuditRegistry }, guard: Middleware): void {
  router.get('/admin/audit/:kind/:id', guard, async (ctx) => {
    const kind = deps.audits.get(ctx.params.kind ?? '');
    if (!kind) {
      throw new HttpError(404, { error: true, msg: `Nothing to audit called "${ctx.params.kind}"; try ${deps.audits.names().join(' or ')}` });
    }
    const at = momentOf(ctx.query.at);
    const report = await auditStream(deps.events, kind, ctx.params.id ?? '', at);
    if (!report.exists) throw new HttpError(404, { error: true, msg: `No ${kind.kind} events for ${ctx.params.id}` });
    const people = await peopleNamed(deps.docs, [report.id, ...report.timeline.map((entry) => entry.actor)]);
    ctx.body = { ...report, people };
  });
}

function momentOf(value: unknown): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const text = Array.isArray(value) ? value[0] : value;
  // ISO 8601 with a date and time (and a zone, so the moment is not the server's local guess).
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
  const at = typeof text === 'string' && iso.test(text) ? new Date(text) : null;
  if (!at || Number.isNaN(at.getTime())) {
    throw new HttpError(400, { error: true, msg: 'at must be an ISO 8601 time with a zone, e.g. 2025-01-31T18:30:00Z' });
  }
  return at;
}
