import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyCache } from './reply-cache.ts';

let server: Server;
let base: string;
let version = 1;
/** Routes run, by path and query as the route saw them. */
const built: string[] = [];

beforeAll(async () => {
  const app = new Koa();
  app.use(replyCache({ version: async () => String(version) }));
  app.use(async (ctx) => {
    built.push(ctx.url);
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (ctx.path === '/missing') {
      ctx.status = 404;
      ctx.body = { msg: 'not here' };
      return;
    }
    ctx.body = { url: ctx.url, version };
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = async (path: string) => {
  const response = await fetch(base + path);
  return { status: response.status, body: (await response.json()) as unknown };
};
const runs = async (work: () => Promise<unknown>) => {
  const before = built.length;
  await work();
  return built.length - before;
};

describe('reply cache', () => {
  it('builds a reply once for requests that miss together, and again after the version moves', async () => {
    expect(await runs(() => Promise.all(Array.from({ length: 10 }, () => get('/a'))))).toBe(1);
    expect(await runs(() => get('/a'))).toBe(0);
    version += 1;
    let replies: { body: unknown }[] = [];
    expect(await runs(async () => (replies = await Promise.all([get('/a'), get('/a')])))).toBe(1);
    expect(replies.map((r) => r.body)).toEqual([
      { url: '/a', version },
      { url: '/a', version },
    ]);
  });

  it('keys by path and query with parameters sorted by name, repeated ones in their order', async () => {
    expect(await runs(() => get('/list?b=2&a=1'))).toBe(1);
    expect(await runs(() => get('/list?a=1&b=2'))).toBe(0);
    expect(await runs(() => get('/list?a=1&a=2'))).toBe(1);
    expect(await runs(() => get('/list?a=2&a=1'))).toBe(1);
  });

  it('never keeps a failure', async () => {
    expect(await runs(() => Promise.all([get('/missing'), get('/missing')]))).toBe(2);
    expect(await get('/missing')).toEqual({ status: 404, body: { msg: 'not here' } });
  });
});
