import { bodyParser } from '@koa/bodyparser';
import bourne from '@hapi/bourne';
import type { Context, Next } from 'koa';

export interface JsonBodyOptions {
  /** Largest body accepted, in bytes; a longer one is refused with 413. */
  limit: number;
}

/** What co-body accepts as strict JSON: an object or an array, after optional whitespace. */
const STRICT_JSON = /^[ \t\n\r]*[[{]/;
const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/**
 * A DELETE is parsed only when it says it carries JSON: deleting an account takes the password
 * in its body; every other DELETE names what it deletes in its path and sends none.
 */
const saysJson = (ctx: Context) => ctx.method === 'DELETE' && Boolean(ctx.request.is('application/json'));
/** The Content-Types browsers and HTTP clients send for a JSON body; any other spelling takes the general path. */
const UTF8_JSON = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);

/**
 * JSON request bodies, exactly as `@koa/bodyparser` (json only) parses them, with a short path for
 * what nearly every request is: `application/json` in UTF-8, with a Content-Length, small enough
 * to have arrived with its headers. Such a body is taken from the request's buffer in one read and
 * parsed with the same rules (empty → `{}`, objects and arrays only, `__proto__` refused, byte
 * order mark dropped, errors as 400 with the parser's message), instead of going through
 * co-body's stream reader, content-type matching and decoder on every command. Everything else
 * (other JSON types, compressed or chunked bodies, bodies still on the wire, too large ones)
 * goes to `@koa/bodyparser` itself.
 */
export function jsonBody({ limit }: JsonBodyOptions) {
  const general = bodyParser({ enableTypes: ['json'], jsonLimit: limit, parsedMethods: [...PARSED_METHODS, 'DELETE'] });
  return async (ctx: Context, next: Next) => {
    const request = ctx.request as Context['request'] & { body?: unknown; rawBody?: string };
    if (!(PARSED_METHODS.has(ctx.method) || saysJson(ctx)) || request.body !== undefined || (ctx as { disableBodyParser?: boolean }).disableBodyParser) {
      return next();
    }
    const length = plainJsonLength(ctx, limit);
    if (length === null || ctx.req.closed) return general(ctx, next);
    const req = ctx.req;
    // A body sent with its headers is pushed right after them, from the same read of the socket.
    if (req.readableLength < length) await Promise.resolve();
    // Content-Length frames the body, so once that many bytes are buffered the body is whole.
    if (req.readableLength !== length || req.readableFlowing) return general(ctx, next);
    const bytes = length === 0 ? null : (req.read() as Buffer | null);
    const decoded = bytes ? bytes.toString('utf8') : '';
    // co-body's decoder drops a byte order mark, from the parsed body and the raw one alike.
    const text = decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
    request.body = parse(text);
    if (request.rawBody === undefined) request.rawBody = text;
    return next();
  };
}

/** The body's length when it is UTF-8 `application/json`, uncompressed, and within the limit; otherwise null. */
function plainJsonLength(ctx: Context, limit: number): number | null {
  const headers = ctx.req.headers;
  const type = headers['content-type'];
  const encoding = headers['content-encoding'];
  const declared = headers['content-length'];
  if (type === undefined || declared === undefined || (encoding !== undefined && encoding !== 'identity')) return null;
  if (!UTF8_JSON.has(type.toLowerCase())) return null;
  if (!/^\d{1,10}$/.test(declared)) return null;
  const length = Number(declared);
  return length <= limit ? length : null;
}

/** co-body's strict JSON: a syntax error, a scalar or a `__proto__` key is a 400 carrying its message. */
function parse(text: string): unknown {
  if (text === '') return {};
  try {
    if (!STRICT_JSON.test(text)) throw new SyntaxError('invalid JSON, only supports object and array');
    return bourne.parse(text, { protoAction: 'error' }) as unknown;
  } catch (error) {
    throw Object.assign(error as Error, { status: 400, body: text });
  }
}
