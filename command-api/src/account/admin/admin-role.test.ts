import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type UserDoc } from '@shop/contracts';
import { smallCatalog } from '../../../../test-support/catalog-fixture.ts';
import { importCatalog } from '../../catalog/import.ts';
import { fold } from '../../shared/decider.ts';
import { AdminRoles } from './admin-roles.ts';
import { CodeHasher } from '../codes.ts';
import { signedInUser } from '../commands.ts';
import { accountDecider, type AccountEvent, type AccountState } from '../decider.ts';
import { PASSWORD, signUpVerified, startAccountShop, uniqueEmail, type AccountShop } from '../../../../test-support/account-kit.ts';

const userId = newId();
const email = 'ops@example.in';
const at = (minutes: number) => new Date(Date.parse('2025-06-01T10:00:00.000Z') + minutes * 60_000).toISOString();
const code = new CodeHasher(Buffer.alloc(32, 3)).issue('verify', new Date(at(0))).issued;
const BY = 'admin:grant CLI (ops@host)';

const given = (...events: AccountEvent[]): AccountState => fold(accountDecider, events);
const when = accountDecider.decide;

const registered = when(
  { type: 'Register', userId, name: 'Ops', email, phone: '9876543210', passwordHash: 'scrypt$32768$8$1$c2FsdA$aGFzaA', at: at(0), code },
  accountDecider.initialState,
);
const verified: AccountEvent = { type: 'AccountVerified', data: { userId, codeId: code.codeId, method: 'code', verifiedAt: at(1) } };
const granted: AccountEvent = { type: 'AdminRoleGranted', data: { userId, by: BY, grantedAt: at(2) } };

describe('account decider: admin rights', () => {
  it('given a verified account, when an admin role is granted, then AdminRoleGranted and the state is admin', () => {
    const events = when({ type: 'GrantAdminRole', by: BY, at: at(2) }, given(...registered, verified));
    expect(events).toEqual([granted]);
    expect(given(...registered, verified, ...events).isAdmin).toBe(true);
  });

  it('given an admin, when granted again, then nothing happens (idempotent)', () => {
    expect(when({ type: 'GrantAdminRole', by: BY, at: at(3) }, given(...registered, verified, granted))).toEqual([]);
  });

  it('given an admin, when revoked, then AdminRoleRevoked and the state is not admin; revoking again changes nothing', () => {
    const events = when({ type: 'RevokeAdminRole', by: BY, at: at(3) }, given(...registered, verified, granted));
    expect(events).toEqual([{ type: 'AdminRoleRevoked', data: { userId, by: BY, revokedAt: at(3) } }]);
    const after = given(...registered, verified, granted, ...events);
    expect(after.isAdmin).toBe(false);
    expect(when({ type: 'RevokeAdminRole', by: BY, at: at(4) }, after)).toEqual([]);
  });

  it('given an account that never verified its e-mail, when granted, then refused', () => {
    expect(() => when({ type: 'GrantAdminRole', by: BY, at: at(2) }, given(...registered))).toThrow(/only a verified account/);
  });

  it('given no account, when granted or revoked, then "User not found"', () => {
    expect(() => when({ type: 'GrantAdminRole', by: BY, at: at(2) }, accountDecider.initialState)).toThrow('User not found');
    expect(() => when({ type: 'RevokeAdminRole', by: BY, at: at(2) }, accountDecider.initialState)).toThrow('User not found');
  });

  it('signs the token claims from the account state: admin after a grant, not after a revoke', () => {
    expect(signedInUser(given(...registered, verified)).isAdmin).toBe(false);
    expect(signedInUser(given(...registered, verified, granted)).isAdmin).toBe(true);
    const revoked: AccountEvent = { type: 'AdminRoleRevoked', data: { userId, by: BY, revokedAt: at(3) } };
    expect(signedInUser(given(...registered, verified, granted, revoked)).isAdmin).toBe(false);
  });
});

describe('admin rights over HTTP: grant → sign in → audit; revoke → sign in → 403', () => {
  let shop: AccountShop;
  let roles: AdminRoles;
  const catalog = smallCatalog();
  beforeAll(async () => {
    shop = await startAccountShop();
    roles = new AdminRoles(shop.t.shop.events, shop.t.shop.emails);
    await shop.t.shop.awaitProjections(await importCatalog(shop.t.shop.catalog, catalog), ['catalog']);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const signIn = async (address: string) => {
    const reply = await shop.call<{ token: string; user: { isAdmin: boolean } }>('/api/user/signin', { method: 'POST', body: { email: address, password: PASSWORD } });
    expect(reply.status).toBe(200);
    return reply.body;
  };
  const profile = async (id: string, token: string) => (await shop.call<UserDoc>(`/api/user/${id}`, { token })).body;

  it('makes an account an admin at once (its current token too), and takes it back the same way', async () => {
    const shopper = await signUpVerified(shop, uniqueEmail('shopper'));
    const productId = catalog.ids.shirt;
    expect((await shop.call('/api/cart/add', { method: 'POST', token: shopper.token, body: { productId, quantity: 2 } })).status).toBe(201);

    const admin = await signUpVerified(shop, uniqueEmail('auditor'));
    const auditCart = (token: string) => shop.call<{ timeline: { type: string }[]; msg?: string }>(`/api/admin/audit/cart/${shopper.userId}`, { token });
    expect((await auditCart(admin.token)).status).toBe(403);

    const grant = await roles.grant(`  ${admin.email.toUpperCase()} `, BY);
    expect(grant).toMatchObject({ userId: admin.userId, email: admin.email, isAdmin: true, changed: true });
    expect((await roles.grant(admin.email, BY)).changed).toBe(false);
    await shop.t.shop.awaitProjections(grant.position, ['accounts']);
    expect((await profile(admin.userId, admin.token)).isAdmin).toBe(true);

    // The token signed before the grant works at once: the account's role is the log's, not the token's.
    expect((await auditCart(admin.token)).status).toBe(200);
    const signedIn = await signIn(admin.email);
    expect(signedIn.user.isAdmin).toBe(true);
    const opened = await auditCart(signedIn.token);
    expect(opened.status).toBe(200);
    expect(opened.body.timeline.map((e) => e.type)).toEqual(['CartItemAdded']);

    // The shop keeps an admin: the only one cannot go until a colleague is one too.
    await expect(roles.revoke(admin.email, BY)).rejects.toMatchObject({ reason: 'conflict', message: expect.stringContaining('at least one admin') });
    const colleague = await signUpVerified(shop, uniqueEmail('colleague'));
    expect((await roles.grant(colleague.email, BY)).changed).toBe(true);
    const revoke = await roles.revoke(admin.email, BY);
    expect(revoke).toMatchObject({ isAdmin: false, changed: true });
    await shop.t.shop.awaitProjections(revoke.position, ['accounts']);
    // The tokens signed while an admin end with the role.
    expect((await auditCart(signedIn.token)).status).toBe(401);
    const after = await signIn(admin.email);
    expect(after.user.isAdmin).toBe(false);
    expect((await profile(admin.userId, after.token)).isAdmin).toBe(false);
    const refused = await auditCart(after.token);
    expect([refused.status, refused.body.msg]).toEqual([403, 'Admins only']);
  });

  it('finds nobody for an unknown e-mail, and refuses an account that never verified', async () => {
    await expect(roles.grant(uniqueEmail('nobody'), BY)).rejects.toMatchObject({ reason: 'not-found', message: expect.stringContaining('no account has the e-mail') });
    const unverified = uniqueEmail('unverified');
    expect((await shop.call('/api/user/signup', { method: 'POST', body: { name: 'Ravi', email: unverified, phone: '9876543210', password: PASSWORD } })).status).toBe(201);
    await expect(roles.grant(unverified, BY)).rejects.toMatchObject({ reason: 'conflict' });
    expect((await roles.revoke(unverified, BY)).changed).toBe(false);
  });
});
