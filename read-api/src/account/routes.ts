import Router from '@koa/router';
import { ACCOUNT_COLLECTIONS, isId, type ImageUploadDoc, type UserDoc } from '@shop/contracts';
import { assertSelf, currentUser, failure, requireUser, type DocumentStore, type PublicUrls, type TokenService } from '@shop/platform';

/**
 * Account queries, answered from the `accounts` read model (which holds no secrets). The
 * original served these without a token; ours needs one, and only the caller's own data is shown.
 */
export function accountQueryRouter(docs: DocumentStore, tokens: TokenService, urls: PublicUrls): Router {
  const router = new Router();
  const signedIn = requireUser(tokens);

  router.get('/user/:id', signedIn, async (ctx) => {
    const id = ctx.params.id;
    if (!isId(id)) throw failure(400, 'Invalid user id');
    assertSelf(ctx, id);
    const user = await docs.get<UserDoc>(ACCOUNT_COLLECTIONS.users, id);
    if (!user) throw failure(404, 'User not found');
    ctx.body = urls.withImages(user);
  });

  router.get('/imageUpload', signedIn, async (ctx) => {
    const { userId } = currentUser(ctx);
    const uploads = await docs.find<ImageUploadDoc>(ACCOUNT_COLLECTIONS.imageUploads, { userId }, { sort: [['dateCreated', 1], ['_id', 1]] });
    ctx.body = uploads.map(({ _id, id, images }) => urls.withImages({ _id, id, images }));
  });

  return router;
}
