import Router from '@koa/router';
import type { PublicUrls, TokenService } from '@shop/platform';
import type { AuditRegistry } from '@shop/projections';
import { auditRoutes } from './audit-routes.ts';
import { backOfficeRoutes, type BackOfficeDeps } from './back-office-routes.ts';
import { customerRoutes } from './customer-routes.ts';
import { adminOnly } from './guard.ts';
import { promotionQueryRoutes } from '../promotions/routes.ts';
import { projectionRoutes, type ProjectionAdminDeps } from './projection-routes.ts';

export interface AdminDeps extends ProjectionAdminDeps {
  tokens: TokenService;
  audits: AuditRegistry;
  publicUrls: PublicUrls;
  config: BackOfficeDeps['config'];
}

/** The back office, operations and auditing, for admin accounts only. Mount under `/api`. */
export function adminRouter(deps: AdminDeps): Router {
  const router = new Router();
  const guard = adminOnly(deps.tokens);
  auditRoutes(router, deps, guard);
  projectionRoutes(router, deps, guard);
  backOfficeRoutes(router, deps, guard);
  customerRoutes(router, deps, guard);
  promotionQueryRoutes(router, deps.docs, guard);
  return router;
}
