import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStreams, newId, type AdminCustomerReply } from '@shop/contracts';
import type { EventStore } from '@shop/platform';
import { AdminRoles } from './admin-roles.ts';
import { LAST_ADMIN_MSG } from './admin-roster.ts';
import { PASSWORD, signUpVerified, startAccountShop, uniqueEmail, type AccountShop } from '../../../../test-support/account-kit.ts';

let shop: AccountShop;
interface Person {
  userId: string;
  email: string;
  token: string;
}
let owner: Person;

type Reply<T = Record<string, unknown>> = T & { error?: boolean; msg?: string };

const signIn = async (email: string) => {
  const reply = await shop.call<{ token: string; user: { id: string; isAdmin: boolean } }>('/api/user/signin', { method: 'POST', body: { email, password: PASSWORD } });
  expect(reply.status).toBe(200);
  return reply.body;
};
/** A verified account, made an admin by an operator when `admin`, signed in afterwards. */
async function person(label: string, admin = false): Promise<Person> {
  const { email, userId } = await signUpVerified(shop, uniqueEmail(label));
  if (admin) {
    const granted = await new AdminRoles(shop.t.shop.events, shop.t.shop.emails).grant(email, 'admin:grant CLI (test)');
    await shop.t.shop.awaitProjections(granted.position, ['accounts']);
  }
  const { token, user } = await signIn(email);
  expect(user.isAdmin).toBe(admin);
  return { userId, email, token };
}

const setRole = (id: string, body: unknown, token: string | undefined) =>
  shop.call<Reply<{ id: string; isAdmin: boolean }>>(`/api/admin/customers/${id}/admin`, { method: 'PUT', token, body });
const openCustomer = (id: string, token: string) => shop.call<Reply<AdminCustomerReply>>(`/api/admin/customers/${id}`, { token });

beforeAll(async () => {
  shop = await startAccountShop();
  owner = await person('owner', true);
});
afterAll(() => shop?.close());

describe('PUT /api/admin/customers/:id/admin', () => {
  it('grants the role: the reply, the customer page and the next sign-in show it, and the events name the acting admin', async () => {
    const shopper = await person('shopper');
    const granted = await setRole(shopper.userId, { isAdmin: true }, owner.token);
    expect([granted.status, granted.body]).toEqual([200, { id: shopper.userId, isAdmin: true }]);
    // Read-your-writes: the back office shows it on the next request.
    expect((await openCustomer(shopper.userId, owner.token)).body.customer.isAdmin).toBe(true);
    expect((await signIn(shopper.email)).user.isAdmin).toBe(true);

    const [event] = (await shop.t.shop.events.readStream(accountStreams.account(shopper.userId))).filter((e) => e.type === 'AdminRoleGranted');
    expect(event?.data).toMatchObject({ userId: shopper.userId, by: owner.userId });
    expect(event?.metadata.userId).toBe(owner.userId);
    const roster = await shop.t.shop.events.readStream(accountStreams.adminRoster);
    expect(roster.at(-1)).toMatchObject({ type: 'AdminRosterJoined', data: { userId: shopper.userId, by: owner.userId }, metadata: { userId: owner.userId } });

    // Granting again changes nothing.
    expect((await setRole(shopper.userId, { isAdmin: true }, owner.token)).body).toEqual({ id: shopper.userId, isAdmin: true });
    // Back to a shopper, so the owner is the only admin again.
    expect((await setRole(shopper.userId, { isAdmin: false }, owner.token)).body).toEqual({ id: shopper.userId, isAdmin: false });
  });

  it('revokes the role: the revoked admin’s tokens stop working for /api/admin/* at once, and the next sign-in is a shopper’s', async () => {
    const colleague = await person('colleague', true);
    expect((await shop.call('/api/admin/customers', { token: colleague.token })).status).toBe(200);
    const revoked = await setRole(colleague.userId, { isAdmin: false }, owner.token);
    expect([revoked.status, revoked.body]).toEqual([200, { id: colleague.userId, isAdmin: false }]);
    expect((await shop.call('/api/admin/customers', { token: colleague.token })).status).toBe(401);
    expect((await setRole(owner.userId, { isAdmin: false }, colleague.token)).status).toBe(401);
    const after = await signIn(colleague.email);
    expect(after.user.isAdmin).toBe(false);
    expect((await shop.call('/api/admin/customers', { token: after.token })).status).toBe(403);
    expect((await openCustomer(colleague.userId, owner.token)).body.customer.isAdmin).toBe(false);
    const [event] = (await shop.t.shop.events.readStream(accountStreams.account(colleague.userId))).filter((e) => e.type === 'AdminRoleRevoked');
    expect([event?.data, event?.metadata.userId]).toEqual([expect.objectContaining({ by: owner.userId }), owner.userId]);
  });

  it('refuses to let the last admin go with 409', async () => {
    const refused = await setRole(owner.userId, { isAdmin: false }, owner.token);
    expect([refused.status, refused.body]).toEqual([409, { error: true, msg: LAST_ADMIN_MSG }]);
    expect((await shop.call('/api/admin/customers', { token: owner.token })).status).toBe(200);
  });

  it('two admins revoking each other at the same moment: one wins, the other gets 409, an admin is left', async () => {
    const a = await person('crossing-a', true);
    const b = await person('crossing-b', true);
    // The owner steps down, so a and b are the only admins; then each revokes the other at once.
    expect((await setRole(owner.userId, { isAdmin: false }, a.token)).status).toBe(200);
    const replies = await Promise.all([setRole(b.userId, { isAdmin: false }, a.token), setRole(a.userId, { isAdmin: false }, b.token)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const admins = (await Promise.all([a, b].map((p) => signIn(p.email)))).filter((s) => s.user.isAdmin);
    expect(admins).toHaveLength(1);
    // The one left brings the owner back for the tests that follow.
    expect((await setRole(owner.userId, { isAdmin: true }, admins[0]!.token)).status).toBe(200);
    owner = { ...owner, token: (await signIn(owner.email)).token };
  });

  it('answers 401 without a token, 403 for a shopper, 400 for a bad id or body, 404 for no such account, 409 for an unverified one', async () => {
    const shopper = await person('plain');
    expect((await setRole(shopper.userId, { isAdmin: true }, undefined)).status).toBe(401);
    const forbidden = await setRole(shopper.userId, { isAdmin: true }, shopper.token);
    expect([forbidden.status, forbidden.body]).toEqual([403, { error: true, msg: 'Admins only' }]);
    for (const body of [{}, { isAdmin: 'yes' }, { isAdmin: 1 }, null, 'true']) {
      const { status, body: reply } = await setRole(shopper.userId, body, owner.token);
      expect([status, reply.error], JSON.stringify(body)).toEqual([400, true]);
    }
    for (const id of ['nope', `${shopper.userId}0`, '%24ne']) expect((await setRole(id, { isAdmin: true }, owner.token)).status, id).toBe(400);
    const unknown = await setRole(newId(), { isAdmin: true }, owner.token);
    expect([unknown.status, unknown.body]).toEqual([404, { error: true, msg: 'User not found' }]);

    const unverified = uniqueEmail('unverified');
    const signUp = await shop.call('/api/user/signup', { method: 'POST', body: { name: 'Ravi', email: unverified, phone: '9876543210', password: PASSWORD } });
    expect(signUp.status).toBe(201);
    // The back office finds the account that never verified its e-mail.
    const listed = await shop.call<{ customers: { id: string; isVerify: boolean }[] }>(`/api/admin/customers?q=${encodeURIComponent(unverified)}`, { token: owner.token });
    const [{ id, isVerify }] = listed.body.customers as [{ id: string; isVerify: boolean }];
    expect(isVerify).toBe(false);
    const refused = await setRole(id, { isAdmin: true }, owner.token);
    expect([refused.status, refused.body.error]).toEqual([409, true]);
    expect((await shop.call('/api/admin/customers', { token: shopper.token })).status).toBe(403);
  });
});

describe('the last-admin rule across processes', () => {
  let own: AccountShop;
  beforeAll(async () => {
    own = await startAccountShop();
  });
  afterAll(() => own?.close());

  it('two API processes revoking each other’s admin at once: one is refused, one admin is left', async () => {
    const ops = 'admin:grant CLI (test)';
    const roles = new AdminRoles(own.t.shop.events, own.t.shop.emails);
    const [a, b] = [await signUpVerified(own, uniqueEmail('process-a')), await signUpVerified(own, uniqueEmail('process-b'))];
    for (const p of [a, b]) expect((await roles.grant(p.email, ops)).changed).toBe(true);
    // Each "process" has its own pipeline and cache; both read the roster before either appends.
    const events = bothReadBeforeAppending(own.t.shop.events, accountStreams.adminRoster);
    const results = await Promise.allSettled([new AdminRoles(events, own.t.shop.emails).revoke(b.email, a.userId), new AdminRoles(events, own.t.shop.emails).revoke(a.email, b.userId)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { reason: 'conflict', message: LAST_ADMIN_MSG } });
    // Exactly one of the two is still an admin: granting it again changes nothing.
    const unchanged = await Promise.all([a, b].map(async (p) => (await roles.grant(p.email, ops)).changed === false));
    expect(unchanged.filter(Boolean)).toHaveLength(1);
  });
});

/**
 * The event store as two processes racing would see it: appends to `streamId` wait until it has
 * been read twice (both have decided on the same revision), or 2 s.
 */
function bothReadBeforeAppending(events: EventStore, streamId: string): EventStore {
  let reads = 0;
  let release!: () => void;
  const bothRead = new Promise<void>((resolve) => (release = resolve));
  return new Proxy(events, {
    get(target, property, receiver) {
      if (property === 'readStream') {
        return async (...args: Parameters<EventStore['readStream']>) => {
          const read = await target.readStream(...args);
          if (args[0] === streamId && ++reads === 2) release();
          return read;
        };
      }
      if (property === 'append') {
        return async (...args: Parameters<EventStore['append']>) => {
          if (args[0] === streamId) await Promise.race([bothRead, new Promise((resolve) => setTimeout(resolve, 2000))]);
          return target.append(...args);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
