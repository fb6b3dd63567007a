/**
 * Hostile clients against sessions (issue #25): a revoked admin keeps nothing, whatever was in
 * flight when the role went, and a signed-out token is dead everywhere.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, signUpVerified, startAccountShop, uniqueEmail, type AccountShop } from '../test-support/account-kit.ts';

const BY = 'hostile sessions suite';

/** A gate the password check waits at, so a request can be held in flight while something else happens. */
function holdPasswordChecks(shop: AccountShop) {
  const passwords = shop.t.shop.accounts.passwords;
  const original = passwords.verify.bind(passwords);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let reached!: () => void;
  const waiting = new Promise<void>((resolve) => {
    reached = resolve;
  });
  vi.spyOn(passwords, 'verify').mockImplementation(async (password, stored) => {
    reached();
    await gate;
    return original(password, stored);
  });
  return { waiting, open: () => open() };
}

describe('hostile: sessions that outrun a revocation or a sign-out', () => {
  let shop: AccountShop;
  let roles: AccountShop['t']['shop']['accounts']['roles'];
  /** An admin who stays one, so the others can be revoked (the shop always keeps one admin). */
  let keeper: { token: string };
  beforeAll(async () => {
    shop = await startAccountShop();
    roles = shop.t.shop.accounts.roles;
    const account = await signUpVerified(shop, uniqueEmail('keeper'));
    await shop.t.shop.awaitProjections((await roles.grant(account.email, BY)).position, ['accounts']);
    keeper = { token: (await shop.call<{ token: string }>('/api/user/signin', { method: 'POST', body: { email: account.email, password: PASSWORD } })).body.token };
  });
  afterAll(async () => {
    await shop?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const dashboard = (token: string) => shop.call('/api/admin/dashboard', { token });
  const setAdmin = (userId: string, isAdmin: boolean, token: string) =>
    shop.call(`/api/admin/customers/${userId}/admin`, { method: 'PUT', body: { isAdmin }, token });

  async function admin() {
    const account = await signUpVerified(shop, uniqueEmail('admin'));
    await shop.t.shop.awaitProjections((await roles.grant(account.email, BY)).position, ['accounts']);
    const signIn = await shop.call<{ token: string }>('/api/user/signin', { method: 'POST', body: { email: account.email, password: PASSWORD } });
    expect((await dashboard(signIn.body.token)).status).toBe(200);
    return { ...account, token: signIn.body.token };
  }

  it('a sign-in in flight while the admin role is revoked issues no token that opens the back office', async () => {
    const revoked = await admin();
    const held = holdPasswordChecks(shop);
    const signIn = shop.call<{ token: string; user: { isAdmin: boolean } }>('/api/user/signin', {
      method: 'POST',
      body: { email: revoked.email, password: PASSWORD },
    });
    await held.waiting;
    expect((await setAdmin(revoked.userId, false, keeper.token)).status).toBe(200);
    held.open();
    const reply = await signIn;
    expect(reply.status).toBe(200);
    expect(reply.body.user.isAdmin).toBe(false);
    expect([401, 403]).toContain((await dashboard(reply.body.token)).status);
    expect([401, 403]).toContain((await setAdmin(revoked.userId, true, reply.body.token)).status);
  });

  it('a password change in flight with an admin token does not keep that token alive past the revocation', async () => {
    const revoked = await admin();
    const held = holdPasswordChecks(shop);
    const change = shop.call(`/api/user/changePassword/${revoked.userId}`, {
      method: 'PUT',
      body: { name: 'Asha Rao', email: revoked.email, password: PASSWORD, newPass: 'Changed-pass-25', confirmPass: 'Changed-pass-25', phone: '9876543210', images: [] },
      token: revoked.token,
    });
    await held.waiting;
    expect((await setAdmin(revoked.userId, false, keeper.token)).status).toBe(200);
    held.open();
    await change;

    expect((await dashboard(revoked.token)).status).toBe(401);
    expect((await shop.call(`/api/user/${revoked.userId}`, { token: revoked.token })).status).toBe(401);
    // Nor can it grant itself the role back.
    expect((await setAdmin(revoked.userId, true, revoked.token)).status).toBe(401);
    expect((await shop.t.shop.accounts.account(revoked.userId))?.isAdmin).toBe(false);
  });

  it('a signed-out token is refused everywhere (admin routes too), while the user\'s other session goes on', async () => {
    const { email, userId, token: laptop } = await admin();
    const phone = (await shop.call<{ token: string }>('/api/user/signin', { method: 'POST', body: { email, password: PASSWORD } })).body.token;

    const signOut = await shop.call('/api/user/signout', { method: 'POST', token: laptop });
    expect(signOut).toMatchObject({ status: 200, body: { success: true } });

    expect(await shop.call(`/api/user/${userId}`, { token: laptop })).toMatchObject({ status: 401, body: { error: true, msg: 'Please login to continue' } });
    expect((await shop.call('/api/cart/add', { method: 'POST', body: {}, token: laptop })).status).toBe(401);
    expect((await dashboard(laptop)).status).toBe(401);
    expect((await shop.call('/api/user/signout', { method: 'POST', token: laptop })).status).toBe(401);
    expect((await dashboard(phone)).status).toBe(200);
  });

  it('a role granted after sign-in (admin:grant) opens the back office to the same token; revoked, that token is refused at once', async () => {
    const account = await signUpVerified(shop, uniqueEmail('promoted'));
    expect((await dashboard(account.token)).status).toBe(403);
    await shop.t.shop.awaitProjections((await roles.grant(account.email, BY)).position, ['accounts']);
    expect((await dashboard(account.token)).status).toBe(200);
    expect((await shop.call(`/api/user/${account.userId}`, { token: account.token })).body).toMatchObject({ isAdmin: true });

    expect((await setAdmin(account.userId, false, keeper.token)).status).toBe(200);
    expect([401, 403]).toContain((await dashboard(account.token)).status);
    expect([401, 403]).toContain((await setAdmin(account.userId, true, account.token)).status);
    expect((await shop.t.shop.accounts.account(account.userId))?.isAdmin).toBe(false);
  });

  it('refuses a sign-out without a valid token', async () => {
    expect(await shop.call('/api/user/signout', { method: 'POST' })).toMatchObject({ status: 401, body: { error: true } });
    expect((await shop.call('/api/user/signout', { method: 'POST', token: 'not-a-token' })).status).toBe(401);
  });
});
