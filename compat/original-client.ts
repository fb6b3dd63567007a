/**
 * A client written for the original shop's API (its paths, bodies and reply shapes), as a
 * browser runs it from its own origin: every call sends the token it read from local storage
 * when the page loaded (`Bearer null` until a reload after signing in) and a JSON content type,
 * so the browser asks a CORS preflight first and reads the reply only if the server allows the
 * origin. Every image URL a reply carries is remembered, to be fetched the way an `<img>` on
 * that origin would.
 */
import { expect } from 'vitest';

export interface Reply<T> {
  status: number;
  body: T;
}

export class OriginalClient {
  /** What the page read from local storage at load: `String(null)` before anyone signed in. */
  private tokenAtLoad: string | null = null;
  /** Image URLs seen in replies, with the call that carried each first (for messages). */
  readonly images = new Map<string, string>();
  /** Preflights already made, per method and path (a browser keeps them for Access-Control-Max-Age). */
  private readonly preflighted = new Set<string>();

  constructor(
    readonly apiBase: string,
    readonly origin: string,
  ) {}

  /** Sign-in stores the token; the page keeps sending what it read at load until it reloads. */
  reload(token: string | null): void {
    this.tokenAtLoad = token;
  }

  get<T>(path: string): Promise<Reply<T>> {
    return this.call<T>('GET', path);
  }

  post<T>(path: string, body: unknown): Promise<Reply<T>> {
    return this.call<T>('POST', path, body);
  }

  put<T>(path: string, body: unknown): Promise<Reply<T>> {
    return this.call<T>('PUT', path, body);
  }

  delete<T>(path: string): Promise<Reply<T>> {
    return this.call<T>('DELETE', path);
  }

  /** A multipart upload (the browser sets its own content type; the token still needs a preflight). */
  async upload<T>(path: string, form: FormData): Promise<Reply<T>> {
    await this.preflight('POST', path, ['authorization']);
    const response = await fetch(this.apiBase + path, {
      method: 'POST',
      headers: { Origin: this.origin, Authorization: `Bearer ${this.tokenAtLoad}` },
      body: form,
    });
    return this.read<T>('POST', path, response);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<Reply<T>> {
    await this.preflight(method, path, ['authorization', 'content-type']);
    const response = await fetch(this.apiBase + path, {
      method,
      headers: {
        Origin: this.origin,
        Authorization: `Bearer ${this.tokenAtLoad}`,
        'Content-Type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return this.read<T>(method, path, response);
  }

  /** The browser's preflight: without these answers it never sends the request at all. */
  private async preflight(method: string, path: string, headers: string[]): Promise<void> {
    const key = `${method} ${path.split('?')[0]}`;
    if (this.preflighted.has(key)) return;
    const response = await fetch(this.apiBase + path, {
      method: 'OPTIONS',
      headers: {
        Origin: this.origin,
        'Access-Control-Request-Method': method,
        'Access-Control-Request-Headers': headers.join(','),
      },
    });
    const why = `preflight of ${key}`;
    expect(response.status, why).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin'), why).toBe(this.origin);
    expect(listOf(response.headers.get('access-control-allow-methods')), why).toContain(method);
    const allowed = listOf(response.headers.get('access-control-allow-headers')).map((h) => h.toLowerCase());
    for (const header of headers) expect(allowed, why).toContain(header);
    this.preflighted.add(key);
  }

  /** The reply as the page reads it: only with the origin allowed, and always JSON. */
  private async read<T>(method: string, path: string, response: Response): Promise<Reply<T>> {
    const call = `${method} ${path}`;
    expect(response.headers.get('access-control-allow-origin'), `${call}: CORS`).toBe(this.origin);
    expect(response.headers.get('content-type'), `${call}: JSON`).toMatch(/^application\/json/);
    const body = (await response.json()) as T;
    for (const url of imageUrlsIn(body)) if (!this.images.has(url)) this.images.set(url, call);
    return { status: response.status, body };
  }
}

function listOf(header: string | null): string[] {
  return (header ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/** Every value of an `image` or `images` field anywhere in a reply. */
export function imageUrlsIn(value: unknown): string[] {
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach(visit);
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (key === 'image' && typeof child === 'string') found.push(child);
        else if (key === 'images' && Array.isArray(child)) found.push(...child.filter((c): c is string => typeof c === 'string'));
        else visit(child);
      }
    }
  };
  visit(value);
  return found;
}
