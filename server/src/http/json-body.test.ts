import { once } from 'node:events';
import type { AddressInfo, Server } from 'node:net';
import { gzipSync } from 'node:zlib';
import { bodyParser } from '@koa/bodyparser';
import Koa, { type Middleware } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, errorReplies } from '@shop/platform';
import { jsonBody } from './json-body.ts';

const LIMIT = 1024 * 1024;

/** Each case runs against the library parser the app used before and against `jsonBody`: both must answer alike. */
describe.each([
  ['@koa/bodyparser', bodyParser({ enableTypes: ['json'], jsonLimit: '1mb' }) as Middleware],
  ['jsonBody', jsonBody({ limit: LIMIT }) as Middleware],
])('JSON request bodies through %s', (_name, parser) => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const app = new Koa();
    app.use(errorReplies(createLogger('silent')));
    app.use(parser);
    app.use((ctx) => {
      const request = ctx.request as typeof ctx.request & { body?: unknown; rawBody?: string };
      ctx.body = { body: request.body ?? null, raw: request.rawBody ?? null };
    });
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = async (body: string | Uint8Array | ReadableStream | null, headers: Record<string, string> = { 'content-type': 'application/json' }, method = 'POST') => {
    const response = await fetch(url + '/echo', { method, headers, body, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);
    return { status: response.status, json: (await response.json()) as { body?: unknown; raw?: unknown; error?: boolean; msg?: string } };
  };

  it('parses an object or an array and keeps the raw text', async () => {
    expect(await send('{"productId":"abc","quantity":2}')).toEqual({ status: 200, json: { body: { productId: 'abc', quantity: 2 }, raw: '{"productId":"abc","quantity":2}' } });
    expect((await send(' [1,2]')).json.body).toEqual([1, 2]);
    expect((await send('{"name":"Kāñchīpuram silk ✓"}', { 'content-type': 'application/json; charset=utf-8' })).json.body).toEqual({ name: 'Kāñchīpuram silk ✓' });
  });

  it('answers malformed JSON, scalars and __proto__ keys with a JSON 400 carrying the reason', async () => {
    let reason = '';
    try {
      JSON.parse('{"quantity":');
    } catch (error) {
      reason = (error as Error).message;
    }
    expect(await send('{"quantity":')).toEqual({ status: 400, json: { error: true, msg: reason } });
    expect(await send('"just a string"')).toEqual({ status: 400, json: { error: true, msg: 'invalid JSON, only supports object and array' } });
    expect(await send('{"a":{"__proto__":{"isAdmin":true}}}')).toEqual({ status: 400, json: { error: true, msg: 'Object contains forbidden prototype property' } });
  });

  it('refuses a body over the limit with 413', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(LIMIT) });
    expect(await send(big)).toEqual({ status: 413, json: { error: true, msg: 'request entity too large' } });
  });

  it('treats an empty body as {} and drops a byte order mark', async () => {
    expect((await send('')).json).toEqual({ body: {}, raw: '' });
    expect((await send('\uFEFF{"a":1}')).json).toEqual({ body: { a: 1 }, raw: '{"a":1}' });
  });

  it('parses other JSON types, compressed and chunked bodies', async () => {
    expect((await send('{"a":1}', { 'content-type': 'application/vnd.api+json' })).json.body).toEqual({ a: 1 });
    const gzipped = gzipSync('{"a":2}');
    expect((await send(gzipped, { 'content-type': 'application/json', 'content-encoding': 'gzip' })).json.body).toEqual({ a: 2 });
    const chunks = ['{"a":', '3}'];
    const stream = new ReadableStream({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(chunk));
      },
    });
    expect((await send(stream)).json.body).toEqual({ a: 3 });
  });

  it('leaves other content types, and methods without a body, unparsed', async () => {
    expect((await send('{"a":1}', { 'content-type': 'text/plain' })).json).toEqual({ body: {}, raw: null });
    expect((await send(null, {}, 'DELETE')).json).toEqual({ body: null, raw: null });
  });
});
