import type Router from '@koa/router';
import { validate } from '@shop/platform';
import type { AccountRouteDeps } from '../deps.ts';
import { clientOf, invalid, replyAs } from '../reply-shapes.ts';
import { newsletterRequest } from '../requests.ts';

export function newsletterRoutes(router: Router, deps: AccountRouteDeps): void {
  router.post('/newsletter', replyAs('otp'), async (ctx) => {
    const { email } = validate(newsletterRequest, ctx.request.body ?? {}, invalid('otp'));
    await deps.accounts.newsletter.subscribe(email, clientOf(ctx).address);
    // The same reply whether new or repeated, so the form does not tell who is subscribed.
    ctx.body = { success: true, message: 'Thank you for subscribing to our newsletter!' };
  });
}
