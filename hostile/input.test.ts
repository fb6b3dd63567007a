import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiRoutes } from '@shop/server';
import { JSON_BODY_LIMIT } from '@shop/server';
import { ROUTE_INPUTS, concretePath, healthWatch, replyProblem, send, startHostileShop, type HostileShop } from './routes.ts';

/**
 * Issue #13: a hostile client sends over-long, adversarial and wrongly typed values in every body
 * field and query parameter of every `/api` route. Each must be answered with a JSON 4xx (or the
 * route's normal reply, when it ignores the field) within a small bound, while `/healthz` keeps
 * answering: no value may hold the event loop.
 */
const BOUND_MS = 1000;

/** Just under the JSON body limit, so it reaches the validators (the reported attack used 160 000 dots). */
const EVIL_EMAIL = `a@${'.'.repeat(60_000)}@`;
/** Values as JSON text (deep nesting is written out: JSON.stringify would need as deep a stack). */
const BODY_VALUES: Record<string, string> = Object.fromEntries(
  Object.entries<unknown>({
  'evil e-mail': EVIL_EMAIL,
  'long text': 'x'.repeat(60_000),
  'long spaces': `${' '.repeat(30_000)}a${' '.repeat(29_000)}`,
  'long digits': '9'.repeat(60_000),
  'array for a string': ['a@b.in', 'x'.repeat(1000)],
  'object for a string': { $gt: '', $where: 'sleep(5000)', toString: 'x' },
  'huge number': 1e308,
  'negative number': -1,
  'null': null,
  'boolean': true,
  'odd unicode': '\u0000\uffff\ud800\u202e<script>',
  }).map(([name, value]) => [name, JSON.stringify(value)]),
);
BODY_VALUES['deep nesting'] = `${'['.repeat(5000)}"a@b.in"${']'.repeat(5000)}`;
BODY_VALUES['deep objects'] = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;

const bodyOf = (fields: readonly string[], value: string) => `{${fields.map((f) => `${JSON.stringify(f)}:${value}`).join(',')}}`;

const QUERY_VALUES: Record<string, string> = {
  'evil e-mail': `a@${'.'.repeat(8000)}@`,
  'long text': 'x'.repeat(8000),
  'long digits': '9'.repeat(8000),
  'odd unicode': '\u0000\u202e<script>}',
  'operator': '{"$gt":""}',
};

let h: HostileShop;
beforeAll(async () => {
  h = await startHostileShop();
});
afterAll(() => h?.close());

/** Sends each attack, checking each reply and the health check's worst wait while they ran. */
async function attack(cases: { label: string; method: string; path: string; body?: string }[]) {
  const watch = healthWatch(h.url);
  const problems: string[] = [];
  try {
    for (const c of cases) {
      // Sign-out reads nothing from the request; with the shared token it would end the session
      // every later attack relies on, so it is attacked signed out.
      const token = c.path.startsWith('/api/user/signout') ? undefined : h.token;
      const reply = await send(h.url, c.method, c.path, { body: c.body, token });
      const problem = replyProblem(reply);
      if (problem) {
        problems.push(`${c.label}: ${problem}`);
        continue;
      }
      if (reply.ms <= BOUND_MS) continue;
      // A value that makes a route slow makes it slow every time; a busy machine, once. Sent again,
      // a slow reply counts only when it is slow twice.
      const again = await send(h.url, c.method, c.path, { body: c.body, token });
      if (again.ms > BOUND_MS) problems.push(`${c.label}: took ${Math.round(reply.ms)} ms, then ${Math.round(again.ms)} ms (status ${again.status})`);
    }
  } finally {
    const health = await watch.stop();
    if (health.worstMs > BOUND_MS) problems.push(`/healthz waited ${Math.round(health.worstMs)} ms while these ran`);
  }
  return problems;
}

describe('every /api route against hostile input', () => {
  it('the attack table names exactly the routes the router serves', () => {
    expect(Object.keys(ROUTE_INPUTS).sort()).toEqual([...new Set(listApiRoutes(h.shop.t.shop))].sort());
  });

  it('refuses the reported sign-in e-mail ("a@" + 160 000 dots + "@") at once while /healthz answers', async () => {
    const watch = healthWatch(h.url);
    const reply = await send(h.url, 'POST', '/api/user/signin', { body: JSON.stringify({ email: `a@${'.'.repeat(160_000)}@`, password: 'x' }) });
    const health = await watch.stop();
    expect(replyProblem(reply)).toBeNull();
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.ms).toBeLessThan(BOUND_MS);
    expect(health.worstMs).toBeLessThan(BOUND_MS);
  });

  it('answers every body field of every route, set to each adversarial value, quickly and with a JSON 4xx or its normal reply', async () => {
    const cases: { label: string; method: string; path: string; body?: string }[] = [];
    for (const [route, input] of Object.entries(ROUTE_INPUTS)) {
      const [method, pattern] = route.split(' ') as [string, string];
      const path = concretePath(pattern, h);
      for (const field of input.body ?? []) {
        for (const [name, value] of Object.entries(BODY_VALUES)) {
          // The field alone (routes that stop at the first bad field judge this one)...
          cases.push({ label: `${route} ${field}=${name}`, method, path, body: bodyOf([field], value) });
        }
      }
      if (input.body?.length) {
        // ...and every field at once (schemas that judge all fields run every check).
        for (const [name, value] of Object.entries(BODY_VALUES)) {
          cases.push({ label: `${route} all fields=${name}`, method, path, body: bodyOf(input.body, value) });
        }
      }
    }
    expect(await attack(cases)).toEqual([]);
  });

  it('answers every query parameter of every route, set to each adversarial value or repeated, the same way', async () => {
    const cases: { label: string; method: string; path: string }[] = [];
    for (const [route, input] of Object.entries(ROUTE_INPUTS)) {
      const [method, pattern] = route.split(' ') as [string, string];
      const path = concretePath(pattern, h);
      // Routes that read no query must ignore one as well.
      for (const field of [...(input.query ?? []), 'unexpected']) {
        for (const [name, value] of Object.entries(QUERY_VALUES)) {
          cases.push({ label: `${route} ?${field}=${name}`, method, path: `${path}?${field}=${encodeURIComponent(value)}` });
        }
        cases.push({ label: `${route} ?${field} repeated`, method, path: `${path}?${field}=a&${field}=b&${field}[]=c` });
      }
    }
    expect(await attack(cases)).toEqual([]);
  });

  it('answers adversarial path parameters the same way', async () => {
    const ids = { long: 'x'.repeat(4000), traversal: '..%2F..%2Fetc%2Fpasswd', operator: '%7B%22%24gt%22%3A%22%22%7D', unicode: '%E2%80%AE%00' };
    const cases: { label: string; method: string; path: string; body?: string }[] = [];
    for (const route of Object.keys(ROUTE_INPUTS).filter((r) => r.includes(':'))) {
      const [method, pattern] = route.split(' ') as [string, string];
      for (const [name, id] of Object.entries(ids)) {
        cases.push({ label: `${route} :param=${name}`, method, path: pattern.replace(/:\w+/g, id), body: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
      }
    }
    expect(await attack(cases)).toEqual([]);
  });

  it('refuses oversized and malformed bodies on every route with a JSON 4xx', async () => {
    const cases: { label: string; method: string; path: string; body?: string }[] = [];
    for (const route of Object.keys(ROUTE_INPUTS).filter((r) => !r.startsWith('GET '))) {
      const [method, pattern] = route.split(' ') as [string, string];
      const path = concretePath(pattern, h);
      cases.push({ label: `${route} 1 MB body`, method, path, body: JSON.stringify({ email: 'x'.repeat(1024 * 1024) }) });
      cases.push({ label: `${route} malformed JSON`, method, path, body: '{"email": "a@b.in",' });
      cases.push({ label: `${route} scalar JSON`, method, path, body: '"a@b.in"' });
      cases.push({ label: `${route} __proto__`, method, path, body: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"isAdmin": true}}}' });
    }
    expect(await attack(cases)).toEqual([]);
  });

  it('refuses a body over the limit with 413 and a JSON reply, and takes one just under it', async () => {
    const over = await send(h.url, 'POST', '/api/user/signin', { body: JSON.stringify({ email: 'a'.repeat(JSON_BODY_LIMIT), password: 'x' }) });
    expect(over.status).toBe(413);
    expect(over.json).toEqual({ error: true, msg: 'request entity too large' });
    const under = await send(h.url, 'POST', '/api/user/signin', { body: JSON.stringify({ email: 'a'.repeat(JSON_BODY_LIMIT - 100), password: 'x' }) });
    expect(under.status).toBe(400);
    expect(JSON_BODY_LIMIT).toBeLessThanOrEqual(64 * 1024);
  });
});

describe('the delivery estimate against hostile queries', () => {
  const estimate = (query: string) => send(h.url, 'GET', `/api/delivery/estimate?${query}`);
  const PINCODE_REFUSAL = { error: true, msg: 'Please enter a valid 6-digit Pincode' };

  it('refuses anything but one six-digit pincode, and a productId that is not an id, with a JSON 400', async () => {
    for (const query of ['', 'pincode=', 'pincode=56003', 'pincode=5600381', 'pincode=056003', 'pincode=56OO38', 'pincode=560038&pincode=560001', `pincode=${'9'.repeat(8000)}`, 'pincode[$gt]=']) {
      const reply = await estimate(query);
      expect([query.slice(0, 40), reply.status, reply.json]).toEqual([query.slice(0, 40), 400, PINCODE_REFUSAL]);
    }
    for (const productId of ['x', '1'.repeat(65), `${'a'.repeat(24)}&productId=${'b'.repeat(24)}`]) {
      const reply = await estimate(`pincode=560038&productId=${productId}`);
      expect([reply.status, (reply.json as { msg: string }).msg]).toEqual([400, expect.stringMatching(/Invalid/)]);
    }
    expect((await estimate(`pincode=560038&productId=${'0'.repeat(24)}`)).status).toBe(404);
  });

  it('answers a known pincode with its place, days, date and fee, and one India Post does not list as not serviceable', async () => {
    const known = await estimate(`pincode=560038&productId=${h.productId}`);
    expect(known.status).toBe(200);
    expect(known.json).toMatchObject({ pincode: '560038', district: 'Bengaluru Urban', state: 'Karnataka', serviceable: true, cod: true, minDays: 1, maxDays: 2 });
    expect((known.json as { by: string }).by).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const unknown = await estimate('pincode=999999');
    expect([unknown.status, unknown.json]).toEqual([200, expect.objectContaining({ pincode: '999999', serviceable: false, msg: expect.stringContaining('999999') })]);
  });
});
