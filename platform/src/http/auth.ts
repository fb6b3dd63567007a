import type { Context, Next } from 'koa';
import type { Session, TokenService } from '../identity/tokens.ts';
import { HttpError } from './errors.ts';

/** Set on `ctx.state.user` by `requireUser` / `optionalUser`. */
export type AuthenticatedUser = Session;

function bearer(ctx: Context): string | null {
  const header = ctx.get('Authorization');
  // `\S` after the spaces: the token can not be split from them two ways (linear matching).
  const match = /^Bearer\s+(\S.*)$/i.exec(header);
  const token = match?.[1]?.trim();
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

/** Refuses the request with 401 unless it carries a valid bearer token. */
export function requireUser(tokens: TokenService) {
  return async (ctx: Context, next: Next) => {
    const token = bearer(ctx);
    const user = token ? await tokens.authenticate(token) : null;
    if (!user) throw new HttpError(401, { error: true, msg: 'Please login to continue' });
    ctx.state.user = user;
    await next();
  };
}

/**
 * For the reads a signed-out client makes on every load (its cart, its My List): a request with
 * no token, or with the `null` / `undefined` an existing client sends until it reloads after
 * signing in, passes as a visitor (no `ctx.state.user`; the route answers as for an empty
 * account). A token that is there but not valid (expired, tampered, its session ended) is still
 * a 401, so a storefront whose session ended signs out.
 */
export function userOrVisitor(tokens: TokenService) {
  return async (ctx: Context, next: Next) => {
    const token = bearer(ctx);
    if (token) {
      const user = await tokens.authenticate(token);
      if (!user) throw new HttpError(401, { error: true, msg: 'Please login to continue' });
      ctx.state.user = user;
    }
    await next();
  };
}

/** Whether `userOrVisitor` let a visitor through (no signed-in user on this request). */
export function isVisitor(ctx: Context): boolean {
  return ctx.state.user === undefined;
}

/** Reads the bearer token when present; anonymous requests pass through. */
export function optionalUser(tokens: TokenService) {
  return async (ctx: Context, next: Next) => {
    const token = bearer(ctx);
    const user = token ? await tokens.authenticate(token) : null;
    if (user) ctx.state.user = user;
    await next();
  };
}

export function currentUser(ctx: Context): AuthenticatedUser {
  const user = ctx.state.user as AuthenticatedUser | undefined;
  if (!user) throw new HttpError(401, { error: true, msg: 'Please login to continue' });
  return user;
}

/**
 * The original client sends the user id in paths, queries and bodies. We keep accepting it but
 * only when it is the caller's own id: anything else is 403, and the token's id is what is used.
 */
export function assertSelf(ctx: Context, claimedUserId: unknown): AuthenticatedUser {
  const user = currentUser(ctx);
  if (claimedUserId !== undefined && claimedUserId !== null && claimedUserId !== '' && claimedUserId !== user.userId) {
    throw new HttpError(403, { error: true, msg: 'You can only access your own account' });
  }
  return user;
}

/** Admin-only routes: 403 for signed-in non-admins. */
export function requireAdmin(ctx: Context): AuthenticatedUser {
  const user = currentUser(ctx);
  if (!user.isAdmin) throw new HttpError(403, { error: true, msg: 'Admins only' });
  return user;
}
