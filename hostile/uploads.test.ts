import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepUnnamedAvatars } from '@shop/command-api';
import { signUpVerified, startAccountShop, type AccountShop } from '../test-support/account-kit.ts';
import { scaledTimeout } from '../test-support/time-budget.ts';

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
    // Four slots, so four held uploads fill them.
    shop = await startAccountShop({ UPLOAD_SLOTS: '4' });
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
      await expect.poll(() => stagedBytes(staging), { timeout: scaledTimeout(5000) }).toBeGreaterThanOrEqual(4 * 2 * 1024 * 1024);

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
    await expect.poll(() => stagedBytes(staging), { timeout: scaledTimeout(5000) }).toBe(0);
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

/** A PNG of about `bytes` bytes: its magic numbers, then filler (the shop judges files by their first bytes). */
const pngOf = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length, 7)]);
const pngPartOf = (bytes: Buffer) => Buffer.concat([partHeader('images', 'photo.png'), bytes, Buffer.from('\r\n')]);

/** Uploads one image; returns the path of the stored file on the shop (`/uploads/…`). */
async function uploadOne(shop: AccountShop, token: string, bytes: Buffer): Promise<string> {
  const reply = await upload(shop.t.url, token, [pngPartOf(bytes), END.subarray(2)]);
  expect(reply.status, reply.body).toBe(201);
  return new URL((JSON.parse(reply.body) as string[])[0]!).pathname;
}

function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

describe('uploaded files are served as streams', () => {
  let shop: AccountShop;
  let path: string;
  const image = pngOf(4 * 1024 * 1024);
  beforeAll(async () => {
    shop = await startAccountShop();
    const { token } = await signUpVerified(shop);
    path = await uploadOne(shop, token, image);
  });
  afterAll(() => shop?.close());

  it('answers a range with 206 and just those bytes, one past the end with 416', async () => {
    const part = await fetch(shop.t.url + path, { headers: { Range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${image.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(image.subarray(1000, 2000))).toBe(true);

    const past = await fetch(shop.t.url + path, { headers: { Range: `bytes=${image.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${image.length}`);
    expect(await past.json()).toMatchObject({ error: true });
  });

  it('sends the type, nosniff, a long immutable cache, and a validator a browser revalidates with (304)', async () => {
    const whole = await fetch(shop.t.url + path);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(image)).toBe(true);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const etag = whole.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(whole.headers.get('last-modified')).toBeTruthy();
    // As a browser revalidates (fetch alone would add `Cache-Control: no-cache`, which asks for the file again).
    const again = await fetch(shop.t.url + path, { headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  it('still refuses paths outside the uploads folder and keys the shop never makes', async () => {
    writeFileSync(join(shop.t.dataDir, 'uploads', 'avatars', '.secret.png'), PNG);
    for (const hostile of ['/uploads/../events.db', '/uploads/%2e%2e/events.db', '/uploads/avatars/%2e%2e/%2e%2e/events.db', '/uploads/avatars/.secret.png', '/uploads/.incoming/x.png']) {
      const reply = await fetch(shop.t.url + hostile);
      expect(reply.status, hostile).toBe(404);
      await reply.arrayBuffer();
    }
  });

  it('holds a small buffer, not the file, for each client that stops reading', async () => {
    const clients = 32;
    const { port } = new URL(shop.t.url);
    const sockets: Socket[] = [];
    // Measured after a full collection each time, so only what the replies hold counts.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().arrayBuffers;
    try {
      for (let i = 0; i < clients; i += 1) {
        const socket = connect(Number(port), '127.0.0.1');
        // Reads nothing: whatever the shop sends waits in the kernel's buffers, then in the shop.
        socket.pause();
        socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
        sockets.push(socket);
      }
      // The shop has taken every request and written what the sockets accept.
      await expect.poll(() => shop.t.shop.metrics !== undefined && sockets.every((s) => s.bytesWritten > 0), { timeout: scaledTimeout(5000) }).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 500));
      gc();
      const held = process.memoryUsage().arrayBuffers - before;
      // Read whole, each reply would hold the 4 MB file (128 MB for 32 clients; streamed, a few MB).
      expect(held).toBeLessThan((clients * image.length) / 2);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });
});

describe('files no record names are deleted', () => {
  let shop: AccountShop;
  beforeAll(async () => {
    shop = await startAccountShop({ UPLOAD_QUOTA_BYTES: String(200 * 1024) });
  });
  afterAll(() => shop?.close());

  it('keeps only the current profile images on disk however often they are rotated', async () => {
    const { token, userId } = await signUpVerified(shop);
    const folder = join(shop.t.dataDir, 'uploads', 'avatars', userId);
    let current: string[] = [];
    for (let round = 0; round < 4; round += 1) {
      current = [await uploadOne(shop, token, pngOf(2048)), await uploadOne(shop, token, pngOf(2048))];
      const saved = await fetch(`${shop.t.url}/api/user/${userId}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Asha Rao', phone: '9876543210', images: current.map((p) => shop.t.url + p) }),
      });
      expect(saved.status).toBe(200);
      // Clearing the upload list keeps what the profile shows.
      const cleared = await fetch(`${shop.t.url}/api/imageUpload/deleteAllImages`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
      expect(cleared.status).toBe(200);
    }
    expect(filesIn(folder).sort()).toEqual(current.map((p) => p.split('/').at(-1)).sort());
    for (const p of current) expect((await fetch(shop.t.url + p)).status).toBe(200);
  });

  it('refuses an upload past the per-user byte quota, before and after reading it', async () => {
    const { token } = await signUpVerified(shop);
    await uploadOne(shop, token, pngOf(120 * 1024));
    const over = await upload(shop.t.url, token, [pngPartOf(pngOf(120 * 1024)), END.subarray(2)]);
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body)).toMatchObject({ error: true, msg: expect.stringContaining('delete') });
    // A small one still fits.
    await uploadOne(shop, token, pngOf(8 * 1024));
  });

  it('sweeps old avatar files no account names, and leaves named and young ones', async () => {
    const { token, userId } = await signUpVerified(shop);
    const named = await uploadOne(shop, token, pngOf(1024));
    const folder = join(shop.t.dataDir, 'uploads', 'avatars', userId);
    const stray = join(shop.t.dataDir, 'uploads', 'avatars', 'nobody', 'left-by-a-crash.png');
    mkdirSync(join(stray, '..'), { recursive: true });
    writeFileSync(stray, PNG);
    writeFileSync(join(folder, 'orphan.png'), PNG);
    writeFileSync(join(folder, 'in-flight.png'), PNG);
    const dayAgo = new Date(Date.now() - 24 * 3600_000);
    for (const file of [stray, join(folder, 'orphan.png'), join(shop.t.dataDir, named.replace('/uploads/', 'uploads/'))]) utimesSync(file, dayAgo, dayAgo);

    expect(await sweepUnnamedAvatars(shop.t.shop)).toBe(2);
    expect(filesIn(folder).sort()).toEqual(['in-flight.png', named.split('/').at(-1)].sort());
    expect(filesIn(join(stray, '..'))).toEqual([]);
    expect(readFileSync(join(shop.t.dataDir, named.replace('/uploads/', 'uploads/'))).subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
  });
});

describe('slow uploads', () => {
  let shop: AccountShop;
  const tokens: string[] = [];
  beforeAll(async () => {
    shop = await startAccountShop({ UPLOAD_BODY_TIMEOUT_MS: '3000' });
    for (let i = 0; i < 5; i += 1) tokens.push((await signUpVerified(shop)).token);
  });
  afterAll(() => shop?.close());

  it('answers a trickling upload 408 at the body deadline, and others upload meanwhile', async () => {
    const staging = join(shop.t.dataDir, 'uploads', '.incoming');
    const slow: { held: Held; timer: NodeJS.Timeout }[] = [];
    try {
      for (const token of tokens.slice(0, 4)) {
        const held = startUpload(shop.t.url, token, Buffer.concat([partHeader('images', 'slow.png'), PNG]), 1024 * 1024);
        // One byte a second, as a hostile client would.
        const timer = setInterval(() => held.req.write(Buffer.from([7])), 1000);
        slow.push({ held, timer });
      }
      await expect.poll(() => filesIn(staging).length, { timeout: scaledTimeout(2000) }).toBe(4);

      // Four slow uploaders hold their slots; someone else still uploads.
      expect((await upload(shop.t.url, tokens[4]!, pngs(1))).status).toBe(201);

      for (const { held } of slow) {
        const reply = await Promise.race([held.reply, wait(8000).then(() => null)]);
        expect(reply?.status).toBe(408);
        expect(JSON.parse(reply!.body)).toMatchObject({ error: true });
      }
    } finally {
      for (const { held, timer } of slow) {
        clearInterval(timer);
        held.req.destroy();
      }
    }
    // Their partial files are gone.
    await expect.poll(() => stagedBytes(staging), { timeout: scaledTimeout(5000) }).toBe(0);
  });
});
