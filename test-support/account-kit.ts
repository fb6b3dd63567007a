/**
 * Test helpers for the account suites: a real SMTP server in-process (smtp-server) that captures
 * what the shop sends, a local JWKS endpoint with our own "Google" key, and a shop wired to both.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { SMTPServer } from 'smtp-server';
import { api, startTestShop, type TestShop } from './shop.ts';
import { scaledTimeout } from './time-budget.ts';
import { codeIn } from './mail-code.ts';

export const TEST_JWT_SECRET = 'test-secret-for-account-suites-0123456789abcdef';
export const GOOGLE_CLIENT_ID = 'shop-test.apps.googleusercontent.com';

export interface CapturedMail {
  to: string[];
  subject: string;
  /** The whole message with quoted-printable soft line breaks undone. */
  raw: string;
}

export interface MailCatcher {
  url: string;
  messages: CapturedMail[];
  /** The next message to `to` that no earlier call returned (waits up to 5 s). */
  next(to: string): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** A reply code and text the catcher answers `RCPT TO` with, instead of accepting the recipient. */
export interface RecipientRefusal {
  code: number;
  message: string;
}

/**
 * A real SMTP server on 127.0.0.1 keeping every message it accepts. `refuse` may turn a
 * recipient away, as a real server does (550: no such mailbox, for good; 450: try later).
 */
export async function startMailCatcher(options: { refuse?: (address: string) => RecipientRefusal | null } = {}): Promise<MailCatcher> {
  const messages: CapturedMail[] = [];
  const taken = new Set<CapturedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address.toLowerCase());
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8').replace(/=\r?\n/g, '');
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async next(to) {
      const deadline = Date.now() + scaledTimeout(5000);
      for (;;) {
        const found = messages.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
        if (found) {
          taken.add(found);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export { codeIn } from './mail-code.ts';

export interface FakeGoogle {
  jwksUrl: string;
  sign(claims: { sub: string; email: string; name?: string; emailVerified?: boolean }, options?: { audience?: string; issuer?: string; expiresAt?: number }): Promise<string>;
  close(): Promise<void>;
}

/** Plays Google: a key pair, its public half served as a JWKS on 127.0.0.1, and an ID-token signer. */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const signWith = (key: CryptoKey) =>
    async (claims: Parameters<FakeGoogle['sign']>[0], options: Parameters<FakeGoogle['sign']>[1] = {}) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ email: claims.email, email_verified: claims.emailVerified ?? true, name: claims.name ?? 'Asha Google' })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1' })
        .setIssuer(options.issuer ?? 'https://accounts.google.com')
        .setAudience(options.audience ?? GOOGLE_CLIENT_ID)
        .setSubject(claims.sub)
        .setIssuedAt(now - 60)
        .setExpirationTime(options.expiresAt ?? now + 3600)
        .sign(key);
    };
  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    sign: signWith(privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface AccountShop {
  t: TestShop;
  mail: MailCatcher;
  /** Every reply body seen, as text, for the "no code or hash in any reply" scans. */
  replies: string[];
  call<T = Record<string, unknown>>(
    path: string,
    init?: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  close(): Promise<void>;
}

export async function startAccountShop(env: Record<string, string> = {}): Promise<AccountShop> {
  const mail = await startMailCatcher();
  const t = await startTestShop({ env: { SMTP_URL: mail.url, JWT_SECRET: TEST_JWT_SECRET, ...env } });
  const replies: string[] = [];
  return {
    t,
    mail,
    replies,
    async call(path, init) {
      const reply = await api(t.url, path, init);
      replies.push(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
      return reply as never;
    },
    async close() {
      await t.close();
      await mail.close();
    },
  };
}

let counter = 0;
/** A fresh address per test, so suites sharing one shop never collide. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${counter}@example.in`;
}

export const PASSWORD = 'Correct-horse-42';

/** Sign-up → code from the e-mail → verify → sign-in. */
export async function signUpVerified(shop: AccountShop, email = uniqueEmail(), password = PASSWORD) {
  const signUp = await shop.call('/api/user/signup', { method: 'POST', body: { name: 'Asha Rao', email, phone: '9876543210', password } });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
  const code = codeIn(await shop.mail.next(email));
  const verified = await shop.call('/api/user/verifyemail', { method: 'POST', body: { otp: code, email } });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  const signIn = await shop.call<{ token: string; user: { id: string } }>('/api/user/signin', { method: 'POST', body: { email, password } });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signIn.body)}`);
  return { email, password, token: signIn.body.token, userId: signIn.body.user.id, code };
}
