import { readdirSync, statSync } from 'node:fs';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startAccountShop, type AccountShop } from '../test-support/account-kit.ts';

/**
 * Issue #13, uploads: a hostile client holds many large uploads open at once, fills its account
 * with images, or sends huge text fields. Uploads go to disk as they arrive (never whole into
 * memory), only a few run at once, one per user, and each user has a quota.
 */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const BOUNDARY = '----hostile-boundary';

function partHeader(name: string, filename?: string): Buffer {
  const disposition = filename ? `form-data; name="${name}"; filename="${filename}"` : `form-data; name="${name}"`;
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${filename ? 'Content-Type: image/png\r\n' : ''}\r\n`);
}
const END = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

interface Held {
  req: ClientRequest;
  reply: Promise<{ status: number; body: string }>;
}

/** Starts a multipart upload and sends only `first` of it; the rest is up to the caller. */
function startUpload(base: string, token: string, first: Buffer, declaredLength?: number): Held {
  const { hostname, port } = new URL(base);
  const req = request({
    hostname,
    port,
    path: '/api/user/upload',
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(declaredLength ? { 'Content-Length': String(declaredLength) } : {}),
    },
  });
  const reply = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
  });
  // A request the test destroys on purpose rejects; that is never a failure by itself.
  reply.catch(() => undefined);
  req.write(first);
  return { req, reply };
}

async function upload(base: string, token: string, parts: Buffer[]): Promise<{ status: number; body: string }> {
  const body = Buffer.concat(parts);
  const held = startUpload(base, token, body, body.length);
  held.req.end();
  return held.reply;
}

const pngPart = (index: number) => Buffer.concat([partHeader('images', `a${index}.png`), PNG, Buffer.from('\r\n')]);
/** `count` PNG parts followed by the closing boundary. */
const pngs = (count: number) => [...Array.from({ length: count }, (_, i) => pngPart(i)), END.subarray(2)];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stagedBytes(dir: string): number {
  try {
    return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
  } catch {
    return 0;
  }
}

describe('hostile uploads', () => {
  let shop: AccountShop;
  const tokens: string[] = [];
  beforeAll(async () => {
    shop = await startAccountShop();
    for (let i = 0; i < 6; i += 1) tokens.push((await signUpVerified(shop)).token);
  });
  afterAll(() => shop?.close());

  it('streams a large upload to disk as it arrives, caps uploads in progress, and allows one per user', async () => {
    const staging = join(shop.t.dataDir, 'uploads', '.incoming');
    const chunk = Buffer.concat([partHeader('images', 'big.png'), PNG, Buffer.alloc(2 * 1024 * 1024, 7)]);
    const declared = chunk.length + 2 * 1024 * 1024 + END.length;
    const held: Held[] = [];
    try {
      // Four users each send 2 MB of a 4 MB image, then pause.
      for (const token of tokens.slice(0, 4)) held.push(startUpload(shop.t.url, token, chunk, declared));
      // The bytes are on disk while the request is still arriving (not held in memory).
      await expect.poll(() => stagedBytes(staging), { timeout: 5000 }).toBeGreaterThanOrEqual(4 * 2 * 1024 * 1024);

      // A fifth upload is refused at once, before its body is read.
      const fifth = startUpload(shop.t.url, tokens[4]!, partHeader('images', 'x.png'), 10 * 1024 * 1024);
      const busy = await Promise.race([fifth.reply, wait(3000).then(() => null)]);
      fifth.req.destroy();
      expect(busy?.status).toBe(503);
      expect(JSON.parse(busy!.body)).toMatchObject({ error: true });

      // A second upload by a user with one in progress is refused as well.
      const again = startUpload(shop.t.url, tokens[0]!, partHeader('images', 'y.png'), 10 * 1024 * 1024);
      const twice = await Promise.race([again.reply, wait(3000).then(() => null)]);
      again.req.destroy();
      expect(twice?.status).toBe(429);
    } finally {
      for (const h of held) h.req.destroy();
    }
    // Abandoned uploads leave nothing behind in the staging folder.
    await expect.poll(() => stagedBytes(staging), { timeout: 5000 }).toBe(0);
    // And the shop takes uploads again once they are gone.
    const after = await upload(shop.t.url, tokens[5]!, pngs(1));
    expect(after.status).toBe(201);
  });

  it('refuses a text field over the small multipart field limit', async () => {
    const field = Buffer.concat([partHeader('note'), Buffer.alloc(64 * 1024, 'a'), Buffer.from('\r\n')]);
    const reply = await upload(shop.t.url, tokens[1]!, [field, ...pngs(1)]);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({ error: true });
  });

  it('keeps each user within the upload quota', async () => {
    const token = tokens[2]!;
    for (let i = 0; i < 3; i += 1) expect((await upload(shop.t.url, token, pngs(10))).status).toBe(201);
    const over = await upload(shop.t.url, token, pngs(1));
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body)).toMatchObject({ error: true, msg: expect.stringContaining('delete') });
    // Clearing the uploads frees the quota again.
    const cleared = await fetch(`${shop.t.url}/api/imageUpload/deleteAllImages`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    expect(cleared.status).toBe(200);
    expect((await upload(shop.t.url, token, pngs(1))).status).toBe(201);
  });
});
