import type Router from '@koa/router';
import { READ_MODELS, adminRoleInput, isId } from '@shop/contracts';
import { HttpError, requireAdmin, requireUser, validate } from '@shop/platform';
import { answerRefusals, refusalReply } from '../../shared/refusals.ts';
import { ACCOUNTS_PROJECTION, type AccountRouteDeps } from '../deps.ts';

/**
 * Role refusals as the back office's replies, `{ error: true, msg }`: 404 for an unknown account,
 * 409 for one that never verified its e-mail or for a revoke that would leave no admin.
 */
export const adminRoleRefusal = refusalReply((msg) => ({ error: true, msg }));

/**
 * `PUT /admin/customers/:id/admin` `{ isAdmin }` → `{ id, isAdmin }`: an admin grants or revokes
 * the admin role (admin-roles.ts, the same code as `npm run admin:grant`). The acting admin is
 * `by` on the events and the user in their metadata. The reply waits for the accounts read model
 * (a revoked admin's sessions end there) and the back office's customers list.
 */
export function adminRoleRoutes(router: Router, deps: AccountRouteDeps): void {
  router.put('/admin/customers/:id/admin', requireUser(deps.tokens), answerRefusals(adminRoleRefusal), async (ctx) => {
    const actor = requireAdmin(ctx);
    const userId = ctx.params.id ?? '';
    if (!isId(userId)) throw new HttpError(400, { error: true, msg: 'Invalid customer id' });
    const { isAdmin } = validate(adminRoleInput, ctx.request.body ?? {}, (msg) => new HttpError(400, { error: true, msg }));
    const change = await deps.accounts.roles.set(userId, isAdmin, { by: actor.userId, context: { userId: actor.userId } });
    await deps.awaitProjections(change.position, [...ACCOUNTS_PROJECTION, READ_MODELS.customers]);
    ctx.body = { id: userId, isAdmin: change.isAdmin };
  });
}
