import type Router from '@koa/router';
import { GoogleTokenError, HttpError, validate } from '@shop/platform';
import type { AccountRouteDeps } from '../deps.ts';
import { ACCOUNTS_PROJECTION } from '../deps.ts';
import { invalid, replyAs } from '../reply-shapes.ts';
import { googleSignInRequest } from '../requests.ts';

/**
 * Google sign-in. The original trusted the name and e-mail the browser posted; ours takes only a
 * Google ID token and believes nothing but what its verified claims say.
 */
export function googleRoutes(router: Router, deps: AccountRouteDeps): void {
  router.get('/config/public', (ctx) => {
    ctx.body = { googleClientId: deps.config.GOOGLE_CLIENT_ID ?? null };
  });

  router.post('/user/authWithGoogle', replyAs('error'), async (ctx) => {
    if (!deps.google) throw new HttpError(503, { error: true, msg: 'Google sign-in is not configured on this server' });
    const idToken = validate(googleSignInRequest, ctx.request.body ?? {}, invalid('error'));
    const identity = await deps.google.verify(idToken).catch((error: unknown) => {
      if (!(error instanceof GoogleTokenError)) throw error;
      deps.logger.info({ reason: error.message }, 'Google token refused');
      throw new HttpError(401, { error: true, msg: 'Google sign-in failed: the Google token is not valid.' });
    });
    const result = await deps.accounts.signInWithGoogle(identity);
    await deps.awaitProjections(result.position, ACCOUNTS_PROJECTION);
    const { user } = result;
    const token = deps.tokens.sign(result.claims);
    ctx.body = { user: deps.publicUrls.withImages(user), token, msg: 'User Login Successfully!' };
  });
}
