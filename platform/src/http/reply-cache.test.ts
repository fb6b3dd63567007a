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

describe('reply cache with items', () => {
  let itemServer: Server;
  let itemBase: string;
  /** Item changes in order (each an item id); 'reset' stands for a record that cannot name them. */
  const changeLog: string[] = [];
  const stock = new Map<string, number>();
  const builtPaths: string[] = [];
  /** Held open by a test to land a change while a reply is being built. */
  let building: Promise<void> | undefined;

  beforeAll(async () => {
    const app = new Koa();
    app.use(
      replyCache({
        version: async () => 'catalog-1',
        items: {
          version: async () => String(changeLog.length),
          changes: async (after) => {
            const since = changeLog.slice(after ?? 0);
            return { last: changeLog.length, ids: after === null || since.includes('reset') ? 'all' : since };
          },
          holds: (body) => (JSON.parse(body) as { items?: string[] }).items ?? null,
        },
      }),
    );
    app.use(async (ctx) => {
      builtPaths.push(ctx.path);
      const ids = ctx.path === '/none' ? [] : ctx.path.slice(1).split(',');
      const body = { stock: ids.map((id) => stock.get(id) ?? 0) };
      if (building) await building;
      // `/unknown` does not say which items it holds: any change retires it.
      ctx.body = ctx.path === '/unknown' ? body : { ...body, items: ids };
    });
    itemServer = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => itemServer.once('listening', resolve));
    itemBase = `http://127.0.0.1:${(itemServer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => itemServer.close(() => resolve())));

  const read = async (path: string) => ((await (await fetch(itemBase + path)).json()) as { stock: number[] }).stock;
  const builds = async (paths: string[]) => {
    const before = builtPaths.length;
    for (const path of paths) await read(path);
    return builtPaths.slice(before).sort();
  };
  const change = (id: string, value: number) => {
    stock.set(id, value);
    changeLog.push(id);
  };

  it('retires only the replies holding a changed item, and serves the change on the next read', async () => {
    await builds(['/a', '/b', '/a,b', '/c', '/none', '/unknown']);
    expect(await builds(['/a', '/b', '/a,b', '/c', '/none', '/unknown'])).toEqual([]);
    change('a', 5);
    expect(await builds(['/a', '/b', '/a,b', '/c', '/none', '/unknown'])).toEqual(['/a', '/a,b', '/unknown']);
    expect(await read('/a,b')).toEqual([5, 0]);
    change('b', 7);
    change('c', 1);
    expect(await builds(['/a', '/b', '/a,b', '/c', '/none'])).toEqual(['/a,b', '/b', '/c']);
  });

  it('retires every reply when the record cannot name the changes', async () => {
    await builds(['/a', '/none']);
    changeLog.push('reset');
    expect(await builds(['/a', '/none'])).toEqual(['/a', '/none']);
  });

  it('retires a reply whose item changed while it was being built', async () => {
    let finish!: () => void;
    building = new Promise((resolve) => (finish = resolve));
    const first = read('/d');
    await new Promise((resolve) => setTimeout(resolve, 20));
    change('d', 3); // lands after the route read its data: the reply being built shows 0
    const during = read('/d'); // takes the change in while the first build still runs
    await new Promise((resolve) => setTimeout(resolve, 20));
    finish();
    building = undefined;
    expect(await first).toEqual([0]);
    expect(await during).toEqual([3]);
    expect(await read('/d')).toEqual([3]);
  });
});
