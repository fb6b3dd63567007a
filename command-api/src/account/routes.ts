import Router from '@koa/router';
import { adminRoleRoutes } from './admin/admin-role-routes.ts';
import { authRoutes } from './identity/auth-routes.ts';
import type { AccountRouteDeps } from './deps.ts';
import { googleRoutes } from './identity/google-routes.ts';
import { newsletterRoutes } from './newsletter/newsletter-routes.ts';
import { privacyRoutes } from './privacy/privacy-routes.ts';
import { profileRoutes } from './profile/profile-routes.ts';
import { uploadRoutes } from './profile/upload-routes.ts';

/** Every account command route (mount under `/api`). Account queries live in read-api. */
export function accountRouter(deps: AccountRouteDeps): Router {
  const router = new Router();
  authRoutes(router, deps);
  profileRoutes(router, deps);
  uploadRoutes(router, deps);
  googleRoutes(router, deps);
  newsletterRoutes(router, deps);
  adminRoleRoutes(router, deps);
  privacyRoutes(router, deps);
  return router;
}
