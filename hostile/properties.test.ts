import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyProblem, send, startHostileShop, type HostileShop } from './routes.ts';

/**
 * Issue #13, property-based: bodies generated to fit each command route's schema, then mutated
 * (a field dropped, replaced by any JSON value, stretched, or extra keys added). Whatever the
 * body, the reply is JSON — a 2xx, or a 4xx in the route's shape — never a 5xx or a stack trace.
 */

let h: HostileShop;
beforeAll(async () => {
  h = await startHostileShop();
});
afterAll(() => h?.close());

const id = () => fc.oneof(fc.constant(h.productId), fc.constant(h.userId), fc.stringMatching(/^[0-9a-f]{24}$/), fc.string({ maxLength: 30 }));
const email = () => fc.emailAddress();
const name = () => fc.string({ minLength: 1, maxLength: 80 });
const phone = () => fc.stringMatching(/^\+?[0-9]{6,15}$/);
const password = () => fc.string({ minLength: 8, maxLength: 40 });
const text = (max = 200) => fc.string({ maxLength: max });
const quantity = () => fc.integer({ min: -5, max: 1000 });

/** Arbitraries shaped like each route's zod schema (the valid case), keyed by route. */
function bodies(): Record<string, { method: string; path: string; body: fc.Arbitrary<Record<string, unknown>> }> {
  const user = `/api/user/${h.userId}`;
  return {
    signup: { method: 'POST', path: '/api/user/signup', body: fc.record({ name: name(), email: email(), phone: phone(), password: password() }) },
    signin: { method: 'POST', path: '/api/user/signin', body: fc.record({ email: email(), password: password() }) },
    resend: { method: 'POST', path: '/api/user/verifyAccount/resendOtp', body: fc.record({ email: email() }) },
    verify: { method: 'POST', path: '/api/user/verifyemail', body: fc.record({ otp: fc.stringMatching(/^\d{6}$/), email: email() }) },
    forgot: { method: 'POST', path: '/api/user/forgotPassword', body: fc.record({ email: email() }) },
    reset: { method: 'POST', path: '/api/user/forgotPassword/changePassword', body: fc.record({ email: email(), newPass: password(), confirmPass: password() }) },
    profile: { method: 'PUT', path: user, body: fc.record({ name: name(), phone: phone(), images: fc.array(text(100), { maxLength: 3 }) }, { requiredKeys: ['name', 'phone'] }) },
    changePassword: { method: 'PUT', path: `/api/user/changePassword/${h.userId}`, body: fc.record({ password: password(), newPass: password(), confirmPass: password() }) },
    google: { method: 'POST', path: '/api/user/authWithGoogle', body: fc.record({ credential: text(500), idToken: text(500) }, { requiredKeys: [] }) },
    newsletter: { method: 'POST', path: '/api/newsletter', body: fc.record({ email: email() }) },
    cartAdd: {
      method: 'POST',
      path: '/api/cart/add',
      body: fc.record({ productId: id(), quantity: quantity(), productRam: text(40), size: text(40), productWeight: text(40) }, { requiredKeys: ['productId'] }),
    },
    cartQuantity: { method: 'PUT', path: `/api/cart/${h.productId}`, body: fc.record({ quantity: quantity() }) },
    myList: { method: 'POST', path: '/api/my-list/add', body: fc.record({ productId: id() }) },
    review: {
      method: 'POST',
      path: '/api/productReviews/add',
      body: fc.record({ productId: id(), review: text(2000), customerRating: fc.double({ min: -1, max: 6, noNaN: true }), customerName: text(80) }),
    },
    checkout: {
      method: 'POST',
      path: '/api/orders/checkout',
      body: fc.record({
        fullName: name(),
        country: text(80),
        streetAddressLine1: text(),
        streetAddressLine2: text(),
        city: text(80),
        state: text(80),
        zipCode: fc.stringMatching(/^\d{6}$/),
        phoneNumber: phone(),
        email: email(),
      }),
    },
    confirm: {
      method: 'POST',
      path: '/api/orders/create',
      body: fc.record({ razorpay_order_id: text(40), razorpay_payment_id: text(40), razorpay_signature: text(80), amount: fc.integer() }, { requiredKeys: [] }),
    },
    testPay: { method: 'POST', path: '/api/payments/test/pay', body: fc.record({ providerOrderId: text(40), card: fc.record({ number: fc.stringMatching(/^\d{16}$/) }) }) },
    status: { method: 'PUT', path: `/api/orders/${h.productId}/status`, body: fc.record({ status: fc.constantFrom('Pending', 'Cancelled', 'Delivered', 'x') }) },
  };
}

/** Any JSON value a hostile client might put in a field. */
const hostileValue = fc.oneof(
  fc.anything({ maxDepth: 3, maxKeys: 5 }),
  fc.string({ maxLength: 5000 }),
  fc.constant(`a@${'.'.repeat(60_000)}@`),
  fc.constant(' '.repeat(10_000)),
  fc.constantFrom(null, true, 0, -1, 1e308, [], {}, ['a'], { $gt: '' }),
);

type Mutation = { kind: 'none' } | { kind: 'drop'; at: number } | { kind: 'replace'; at: number; value: unknown } | { kind: 'extra'; key: string; value: unknown };
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constant<Mutation>({ kind: 'none' }),
  fc.nat().map<Mutation>((at) => ({ kind: 'drop', at })),
  fc.tuple(fc.nat(), hostileValue).map<Mutation>(([at, value]) => ({ kind: 'replace', at, value })),
  fc.tuple(fc.string({ maxLength: 20 }), hostileValue).map<Mutation>(([key, value]) => ({ kind: 'extra', key, value })),
);

function mutate(body: Record<string, unknown>, m: Mutation): Record<string, unknown> {
  const keys = Object.keys(body);
  const out = { ...body };
  if (m.kind === 'drop' && keys.length > 0) delete out[keys[m.at % keys.length]!];
  if (m.kind === 'replace' && keys.length > 0) out[keys[m.at % keys.length]!] = m.value;
  if (m.kind === 'extra') out[m.key] = m.value;
  return out;
}

describe('generated and mutated bodies on every command route', () => {
  it('always get a JSON reply: 2xx, or a 4xx with the route’s message; never 5xx, never a stack trace', async () => {
    const routes = bodies();
    const route = fc.constantFrom(...Object.keys(routes));
    const request = route.chain((key) => fc.tuple(fc.constant(key), routes[key]!.body, mutation));
    await fc.assert(
      fc.asyncProperty(request, async ([key, body, m]) => {
        const { method, path } = routes[key]!;
        const reply = await send(h.url, method, path, { body: JSON.stringify(mutate(body, m)), token: h.token });
        expect(replyProblem(reply), `${method} ${path}`).toBeNull();
        expect(reply.contentType, `${method} ${path} → ${reply.status}`).toContain('application/json');
        // A body that could hold the event loop (a backtracking pattern) holds it for many seconds;
        // an honest sign-up hashes a password (scrypt), which a loaded 2-core machine has taken
        // 1.2 s to do. Lint rejects super-linear patterns before any of this runs.
        expect(reply.ms, `${method} ${path}`).toBeLessThan(3000);
      }),
      { numRuns: 300 },
    );
  });
});
