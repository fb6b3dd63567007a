import { existsSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startAccountShop, type AccountShop } from '../../../../test-support/account-kit.ts';

// A real 1×1 PNG, a JPEG header, and a WebP header: file-type judges them by these bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64)]);
const NOT_AN_IMAGE = Buffer.from('<html><script>alert(document.cookie)</script></html>');

function rawStatus(base: string, path: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    get({ hostname, port, path }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
}

describe('avatar uploads over HTTP', () => {
  let shop: AccountShop;
  beforeAll(async () => {
    shop = await startAccountShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  async function upload(token: string | undefined, files: { name: string; bytes: Buffer; type?: string }[]) {
    const form = new FormData();
    for (const file of files) form.append('images', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.name);
    const response = await fetch(`${shop.t.url}/api/user/upload`, {
      method: 'POST',
      body: form,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    const body = (await response.json()) as unknown;
    shop.replies.push(JSON.stringify(body));
    return { status: response.status, body };
  }

  it('has every file in the store (synced by putFile) before the event naming it is appended', async () => {
    const { token } = await signUpVerified(shop);
    const { files, events } = shop.t.shop;
    const order: string[] = [];
    const originals = { putFile: files.putFile, append: events.append };
    const putFile = files.putFile.bind(files);
    const append = events.append.bind(events);
    files.putFile = async (...args) => {
      const stored = await putFile(...args);
      order.push(`stored ${stored.url}`);
      return stored;
    };
    events.append = (stream, appended, options) => {
      if (appended.some((event) => event.type === 'AvatarImagesUploaded')) order.push('event');
      return append(stream, appended, options);
    };
    try {
      const stored = await upload(token, [
        { name: 'a.png', bytes: PNG },
        { name: 'b.jpg', bytes: JPEG, type: 'image/jpeg' },
      ]);
      expect(stored.status).toBe(201);
      expect(order).toHaveLength(3);
      expect(order.slice(0, 2).every((entry) => entry.startsWith('stored '))).toBe(true);
      expect(order[2]).toBe('event');
    } finally {
      files.putFile = originals.putFile;
      events.append = originals.append;
    }
  });

  it('stores JPEG and PNG images judged by content, serves them, lists the caller’s uploads, and saves them on the profile', async () => {
    const { token, userId } = await signUpVerified(shop);
    const stored = await upload(token, [
      { name: 'me.png', bytes: PNG },
      { name: 'me-too.jpg', bytes: JPEG, type: 'image/jpeg' },
    ]);
    expect(stored.status).toBe(201);
    const urls = stored.body as string[];
    expect(urls).toHaveLength(2);
    // Absolute URLs at the shop's address, so a client on another origin can show them.
    expect(urls[0]).toMatch(new RegExp(`^${shop.t.url}/uploads/avatars/${userId}/[\\w-]+\\.png$`));
    expect(urls[1]).toMatch(/\.jpg$/);

    const served = await fetch(urls[0]!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const records = await shop.call<{ _id: string; id: string; images: string[] }[]>('/api/imageUpload', { token });
    expect(records.body).toEqual([{ _id: expect.any(String), id: records.body[0]!._id, images: urls }]);

    const saved = await shop.call(`/api/user/${userId}`, { method: 'PUT', token, body: { name: 'Asha Rao', phone: '9876543210', images: [urls[0]] } });
    expect(saved).toMatchObject({ status: 200, body: { images: [urls[0]] } });
  });

  it('refuses a .png that is not an image, and files over 5 MB, storing nothing', async () => {
    const { token, userId } = await signUpVerified(shop);
    const fake = await upload(token, [
      { name: 'ok.png', bytes: PNG },
      { name: 'evil.png', bytes: NOT_AN_IMAGE },
    ]);
    expect(fake).toEqual({ status: 400, body: { error: true, msg: 'Please select a valid JPG or PNG image file.' } });
    const big = await upload(token, [{ name: 'big.png', bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) }]);
    expect(big).toEqual({ status: 400, body: { error: true, msg: 'Please select a valid JPG or PNG image file.' } });
    expect(existsSync(join(shop.t.dataDir, 'uploads', 'avatars', userId))).toBe(false);
    expect((await shop.call('/api/imageUpload', { token })).body).toEqual([]);
  });

  it('needs a token, keeps users apart, and refuses profile images that were never uploaded', async () => {
    const a = await signUpVerified(shop);
    const b = await signUpVerified(shop);
    expect(await upload(undefined, [{ name: 'x.png', bytes: PNG }])).toMatchObject({ status: 401 });
    const urls = (await upload(a.token, [{ name: 'a.png', bytes: PNG }])).body as string[];
    expect((await shop.call('/api/imageUpload', { token: b.token })).body).toEqual([]);
    const stolen = await shop.call(`/api/user/${b.userId}`, { method: 'PUT', token: b.token, body: { name: 'B', phone: '9876543210', images: urls } });
    expect(stolen).toMatchObject({ status: 400, body: { error: true } });
    const external = await shop.call(`/api/user/${b.userId}`, {
      method: 'PUT',
      token: b.token,
      body: { name: 'B', phone: '9876543210', images: ['javascript:alert(1)'] },
    });
    expect(external).toMatchObject({ status: 400, body: { error: true } });
  });

  it('deletes only the caller’s own upload records, and the files the profile does not use', async () => {
    const a = await signUpVerified(shop);
    const b = await signUpVerified(shop);
    const [kept] = (await upload(a.token, [{ name: 'keep.png', bytes: PNG }])).body as string[];
    const [dropped] = (await upload(a.token, [{ name: 'drop.png', bytes: PNG }])).body as string[];
    const [theirs] = (await upload(b.token, [{ name: 'b.png', bytes: PNG }])).body as string[];
    await shop.call(`/api/user/${a.userId}`, { method: 'PUT', token: a.token, body: { name: 'A', phone: '9876543210', images: [kept] } });

    const cleared = await shop.call('/api/imageUpload/deleteAllImages', { method: 'DELETE', token: a.token });
    expect(cleared).toMatchObject({ status: 200, body: { success: true } });
    expect((await shop.call('/api/imageUpload', { token: a.token })).body).toEqual([]);
    expect((await shop.call<unknown[]>('/api/imageUpload', { token: b.token })).body).toHaveLength(1);
    expect((await fetch(kept!)).status).toBe(200);
    expect((await fetch(dropped!)).status).toBe(404);
    expect((await fetch(theirs!)).status).toBe(200);
    // fetch would normalise `..` away; a raw request sends it as an attacker would.
    for (const path of ['/uploads/../events.db', '/uploads/%2e%2e/events.db', `/uploads/avatars/${a.userId}/../../../events.db`]) {
      expect(await rawStatus(shop.t.url, path)).toBe(404);
    }
  });
});
