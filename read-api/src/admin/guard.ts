import type { Context, Next } from 'koa';
import { requireAdmin, requireUser, type TokenService } from '@shop/platform';

/** Admin routes: 401 without a valid token, 403 for a token of an account that is not an admin. */
export function adminOnly(tokens: TokenService) {
  const user = requireUser(tokens);
  return (ctx: Context, next: Next) =>
    user(ctx, async () => {
      requireAdmin(ctx);
      await next();
    });
}
