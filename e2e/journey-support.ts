import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { serverEntry } from '../test-support/shop-process.ts';
import { ROOT } from './shop-process.ts';
import { shop } from './support.ts';
import { scaledTimeout } from '../test-support/time-budget.ts';

/** The server's data folder (global setup); its mail outbox holds the e-mailed codes. */
export const outbox = () => join(shop.dataDir, 'outbox');

interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function readMails(): Mail[] {
  let files: string[];
  try {
    files = readdirSync(outbox()).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  // Names start with an ISO timestamp: sorted by name is oldest first; newest first here.
  return files
    .sort()
    .reverse()
    .map((file) => {
      const text = readFileSync(join(outbox(), file), 'utf8');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(text)?.[1]?.trim() ?? '';
      return { file, to: header('To'), subject: header('Subject'), text };
    });
}

/**
 * The code of the newest e-mail to `email` whose subject matches, written after `after`
 * (a list of outbox files seen before the action that sends it). Waits for it to arrive.
 */
export async function codeFor(email: string, subject: RegExp, after: readonly string[] = []): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const mail = readMails().find((m) => m.to.toLowerCase().includes(email.toLowerCase()) && subject.test(m.subject) && !after.includes(m.file));
        code = mail ? (/Your code: (\d{6})/.exec(mail.text)?.[1] ?? '') : '';
        return code;
      },
      { timeout: scaledTimeout(10_000) },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** The outbox's mails to `email` whose subject matches, newest first (quoted-printable soft breaks undone). */
export function mailsTo(email: string, subject: RegExp): { file: string; subject: string; text: string }[] {
  return readMails()
    .map((m) => ({ ...m, subject: unfold(m.text, 'Subject') || m.subject, text: m.text.replace(/=\r?\n/g, '') }))
    .filter((m) => m.to.toLowerCase().includes(email.toLowerCase()) && subject.test(m.subject));
}

/** A header's value with folded lines joined (long subjects wrap). */
function unfold(text: string, name: string): string {
  const headers = text.slice(0, text.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(headers)?.[1]?.trim() ?? '';
}

export function outboxFiles(): string[] {
  try {
    return readdirSync(outbox()).filter((f) => f.endsWith('.eml') && statSync(join(outbox(), f)).isFile());
  } catch {
    return [];
  }
}

/** The message of the snackbar now shown, once it says `text` (the newest alert replaces the last). */
export async function expectSnackbar(page: Page, text: string | RegExp, severity?: 'success' | 'error'): Promise<void> {
  const bar = page.getByTestId('snackbar');
  await expect.poll(async () => ((await bar.count()) ? ((await bar.last().textContent()) ?? '') : '')).toMatch(typeof text === 'string' ? new RegExp(escape(text)) : text);
  if (severity) expect(await bar.last().getAttribute('class')).toContain(severity === 'error' ? 'Error' : 'Success');
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Clicks `submit` and expects the red message `message` (the form's first failing check). */
export async function expectRefusal(page: Page, submit: () => Promise<void>, message: string): Promise<void> {
  await submit();
  await expectSnackbar(page, message, 'error');
}

/** A small real PNG (solid colour with a stripe), for the avatar upload. */
export function makePng(width = 32, height = 32): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const stripe = Math.abs(x - y) < 4;
      row.set(stripe ? [255, 122, 26] : [31, 60, 136], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** JSON over HTTP to the running shop as `token`'s user, failing loudly on an error status. */
export async function callShop<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const response = await fetch(shop.baseURL + path, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * A verified, signed-in shopper made through the API (sign-up, the code from the outbox, verify,
 * sign-in), and the local storage a browser signed in as them holds.
 */
export async function verifiedShopper(email: string, name: string, password: string): Promise<{ token: string; userId: string; storage: Record<string, string> }> {
  await callShop('/api/user/signup', { method: 'POST', body: { name, email, phone: '9876543210', password } });
  const otp = await codeFor(email, /Verify/);
  await callShop('/api/user/verifyemail', { method: 'POST', body: { otp, email } });
  const reply = await callShop<{ token: string; user: { id: string; name: string; email: string } }>('/api/user/signin', { method: 'POST', body: { email, password } });
  const user = { userId: reply.user.id, name: reply.user.name, email: reply.user.email };
  return { token: reply.token, userId: reply.user.id, storage: { token: reply.token, user: JSON.stringify(user) } };
}

/** `npm run admin:grant -- <args>` against the running server's DATA_DIR, as an operator would. */
export function grantAdmin(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...serverEntry('grant-admin'), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: shop.dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}
