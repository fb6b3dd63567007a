import type Router from '@koa/router';
import { isId } from '@shop/contracts';
import { HttpError, requireAdmin, requireUser, validate } from '@shop/platform';
import { z } from 'zod';
import { answerRefusals, refusalReply } from '../../shared/refusals.ts';
import type { AccountRouteDeps } from '../deps.ts';
import { ownUserId } from '../profile/profile-routes.ts';
import { clientOf, invalid, replyAs } from '../reply-shapes.ts';

/** The password is only compared, never stored: bounded like the sign-in's. */
const deleteAccountRequest = z.object({ password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(200, 'Please enter your password') });

const adminRefusal = refusalReply((msg) => ({ error: true, msg }));

/**
 * The person's rights over their data: erasure (by themselves with their password, or by an
 * admin acting on a request received elsewhere) and a copy of everything the shop holds on them.
 * Identity comes only from the verified token; the path's id must be the caller's own.
 */
export function privacyRoutes(router: Router, deps: AccountRouteDeps): void {
  const signedIn = requireUser(deps.tokens);

  /** `DELETE /user/:id` `{ password }` → `{ id, forgotten: true }`: the account and its personal data are erased. */
  router.delete('/user/:id', signedIn, replyAs('error'), async (ctx) => {
    const userId = ownUserId(ctx);
    const { password } = validate(deleteAccountRequest, ctx.request.body ?? {}, invalid('error'));
    await deps.accounts.confirmPassword(userId, password, clientOf(ctx));
    await deps.privacy.forget(userId, 'self', userId);
    ctx.body = { id: userId, forgotten: true };
  });

  /**
   * `GET /user/:id/export` → JSON of everything the shop holds about the caller, decrypted.
   * Counted per user before any reading (`dataExport`): a burst gets one through, the rest 429.
   */
  router.get('/user/:id/export', signedIn, replyAs('error'), async (ctx) => {
    const userId = ownUserId(ctx);
    await deps.writes.takeFor(ctx, 'dataExport', userId);
    const reply = await deps.privacy.exportFor(userId);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', 'attachment; filename="my-data.json"');
    ctx.type = 'application/json';
    ctx.body = reply;
  });

  /** `POST /admin/customers/:id/forget` → `{ id, forgotten: true }`: an admin erases a customer. */
  router.post('/admin/customers/:id/forget', signedIn, answerRefusals(adminRefusal), async (ctx) => {
    const actor = requireAdmin(ctx);
    const userId = ctx.params.id ?? '';
    if (!isId(userId)) throw new HttpError(400, { error: true, msg: 'Invalid customer id' });
    await deps.privacy.forget(userId, actor.userId, actor.userId);
    ctx.body = { id: userId, forgotten: true };
  });
}
