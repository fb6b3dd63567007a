import { once } from 'node:events';
import type { AddressInfo, Server } from 'node:net';
import Router from '@koa/router';
import Koa, { type Context, type Middleware } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouter } from './api-router.ts';

/** Feature routers as the app has them: several per first segment, parameters, a route shadowing another. */
function features(): Router[] {
  const reply = (name: string) => (ctx: Context) => {
    ctx.body = { name, params: ctx.params, route: (ctx as Context & { _matchedRoute?: string })._matchedRoute };
  };
  const things = new Router();
  things.get('/things/special', reply('special')).get('/things/:id', reply('thing')).post('/things/add', reply('add'));
  const moreThings = new Router();
  moreThings.put('/things/:id', reply('change')).delete('/things/:id', reply('remove')).get('/things', reply('list'));
  const others = new Router();
  others.get('/other/:a/:b', reply('pair')).post('/other', reply('create'));
  return [things, moreThings, others];
}

async function listen(mount: (app: Koa) => void): Promise<{ server: Server; url: string }> {
  const app = new Koa();
  const root = new Router();
  root.get('/healthz', (ctx) => {
    ctx.body = 'ok';
  });
  app.use(root.routes()).use(root.allowedMethods());
  mount(app);
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('the API router, dispatched by first segment', () => {
  let single: { server: Server; url: string };
  let split: { server: Server; url: string };

  beforeAll(async () => {
    // What app.ts did before: one router holding every feature's routes.
    single = await listen((app) => {
      const api = new Router({ prefix: '/api' });
      for (const router of features()) api.use(router.routes());
      app.use(api.routes()).use(api.allowedMethods());
    });
    split = await listen((app) => app.use(apiRouter(features()) as Middleware));
  });
  afterAll(async () => {
    for (const { server } of [single, split]) await new Promise((resolve) => server.close(resolve));
  });

  const answer = async (url: string, method: string, path: string) => {
    const response = await fetch(url + path, { method });
    return { status: response.status, allow: response.headers.get('allow'), body: await response.text() };
  };

  it('answers every request exactly as one router with all the routes did', async () => {
    const requests: [string, string][] = [
      ['GET', '/api/things/special'],
      ['GET', '/api/things/42'],
      ['PUT', '/api/things/42'],
      ['DELETE', '/api/things/42'],
      ['POST', '/api/things/add'],
      ['GET', '/api/things'],
      ['GET', '/api/things/'],
      ['GET', '/API/Things/7'],
      ['GET', '/api/other/x/y'],
      ['POST', '/api/other'],
      ['POST', '/api/things/42'], // 405 with the methods of two routers
      ['OPTIONS', '/api/things/42'],
      ['PATCH', '/api/other'],
      ['GET', '/api/nothing'],
      ['GET', '/api'],
      ['GET', '/api/'],
      ['GET', '/apithings/1'],
      ['GET', '/healthz'],
      ['PROPFIND', '/api/things/42'], // a method no router implements: 501
    ];
    for (const [method, path] of requests) {
      const expected = await answer(single.url, method, path);
      expect({ method, path, ...(await answer(split.url, method, path)) }).toEqual({ method, path, ...expected });
    }
    expect(JSON.parse((await answer(split.url, 'GET', '/api/things/special')).body)).toEqual({ name: 'special', params: {}, route: '/api/things/special' });
  });
});
