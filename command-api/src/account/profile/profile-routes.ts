import type Router from '@koa/router';
import type { Context } from 'koa';
import { ACCOUNT_COLLECTIONS, isId, type UserDoc } from '@shop/contracts';
import { assertSelf, currentUser, failure, requireUser, validate } from '@shop/platform';
import type { AccountRouteDeps } from '../deps.ts';
import { ACCOUNTS_PROJECTION } from '../deps.ts';
import { clientOf, invalid, replyAs } from '../reply-shapes.ts';
import { changePasswordRequest, profileRequest } from '../requests.ts';
import { deleteUnnamedFiles } from './upload-routes.ts';

/** The path's user id, which must be the caller's own (401 without a token, 403 for anyone else's). */
export function ownUserId(ctx: Context): string {
  const id = ctx.params.id;
  if (!isId(id)) throw failure(400, 'Invalid user id');
  return assertSelf(ctx, id).userId;
}

/** My Account: profile edits and the password change of a signed-in user. */
export function profileRoutes(router: Router, deps: AccountRouteDeps): void {
  const signedIn = requireUser(deps.tokens);

  /** Waits for the read model, then answers with the user as `GET /api/user/:id` will show it. */
  async function updatedUser(userId: string, position: bigint): Promise<UserDoc> {
    await deps.awaitProjections(position, ACCOUNTS_PROJECTION);
    const user = await deps.docs.get<UserDoc>(ACCOUNT_COLLECTIONS.users, userId);
    if (!user) throw failure(404, 'User not found');
    return deps.publicUrls.withImages(user);
  }

  router.put('/user/changePassword/:id', signedIn, replyAs('error'), async (ctx) => {
    const userId = ownUserId(ctx);
    const { password, newPass } = validate(changePasswordRequest, ctx.request.body ?? {}, invalid('error'));
    const { sessionId } = currentUser(ctx);
    const result = await deps.accounts.changePassword(userId, password, newPass, clientOf(ctx), sessionId || undefined);
    ctx.body = await updatedUser(userId, result.position);
  });

  router.put('/user/:id', signedIn, replyAs('error'), deps.writes.guard('profile'), async (ctx) => {
    const userId = ownUserId(ctx);
    const { name, phone, images, email } = validate(profileRequest, ctx.request.body ?? {}, invalid('error'));
    // Avatars come back as the URLs our replies gave; the account records them as paths.
    const paths = images?.map((image) => deps.publicUrls.path(image));
    const result = await deps.accounts.updateProfile(userId, { name, phone, images: paths, email });
    await deleteUnnamedFiles(deps, result.unused);
    ctx.body = await updatedUser(userId, result.position);
  });
}
