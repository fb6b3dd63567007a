import { vi } from 'vitest';

/** A request as the stub saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  search: string;
  body: unknown;
  headers: Headers;
}

type Reply = { status?: number; body: unknown };
type Route = Reply | ((request: SeenRequest) => Reply | Promise<Reply>);

/**
 * For component tests: a fetch stub answering `"METHOD /api/path"` keys (exact path, any query)
 * with JSON; anything else is a 404. Returns every request seen, with its parsed JSON body.
 */
export function mockApi(routes: Record<string, Route>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text().catch(() => '');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // multipart or plain text: kept as text
      }
      const seenRequest = { method: request.method, path: url.pathname, search: url.search, body, headers: request.headers };
      seen.push(seenRequest);
      const route = routes[`${request.method} ${url.pathname}`];
      const reply = route === undefined ? { status: 404, body: { msg: 'Not found' } } : typeof route === 'function' ? await route(seenRequest) : route;
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return seen;
}
