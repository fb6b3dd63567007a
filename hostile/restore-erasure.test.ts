/**
 * Hostile clients, third round (issue #41): the operator's drill. A shopper is forgotten after
 * the shop's last backup, then the data folder is lost and the backup restored by the real CLI
 * into a new folder. She must stay forgotten: no sign-in with her old password, nothing of her
 * in the back office, no byte of her in the restored folder. A restore that cannot know of the
 * erasures made after its backup refuses, rather than bring her back.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { newId } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { codeIn, startAccountShop, TEST_JWT_SECRET, uniqueEmail, type AccountShop } from '../test-support/account-kit.ts';
import { api, startTestShop } from '../test-support/shop-fixtures.ts';
import { ROOT, serverEntry } from '../test-support/shop-process.ts';
import { cleanupAfterEach } from '../test-support/cleanups.ts';

const { later, folder } = cleanupAfterEach();

/** Runs one of the CLIs as an operator would: its exit code and output, whatever the code. */
async function cli(entry: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...serverEntry(entry), ...args], {
      cwd: ROOT,
      env: { ...process.env, EVENT_STORE: 'sqlite', READ_STORE: 'sqlite', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** Her, with a name and phone no one else has, so any hit can only be her. */
function herDetails() {
  return { name: 'Ottilie Vranckxhaven', phone: '9345678012', email: uniqueEmail('ottilie.vranckxhaven'), password: 'Vranckx-pass-42' };
}
type Her = ReturnType<typeof herDetails> & { userId: string; token: string };

/** Every file under `dir` holding her e-mail, name or phone. */
function filesNaming(dir: string, her: Her): string[] {
  const needles = [her.email, her.name, her.phone].map((needle) => Buffer.from(needle, 'utf8'));
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => needles.some((needle) => readFileSync(path).includes(needle)));
}

/**
 * The drill up to the loss: she signs up, `npm run backup` takes the nightly backup, she is
 * forgotten (she asked, with her password), the shop stops and its data folder is lost.
 */
async function forgottenAfterTheBackup(env: Record<string, string>): Promise<{ her: Her; backupDir: string }> {
  const shop: AccountShop = await startAccountShop(env);
  let running = true;
  later(() => (running ? shop.close() : undefined));
  const details = herDetails();
  expect((await shop.call('/api/user/signup', { method: 'POST', body: details })).status).toBe(201);
  const code = codeIn(await shop.mail.next(details.email));
  expect((await shop.call('/api/user/verifyemail', { method: 'POST', body: { otp: code, email: details.email } })).status).toBe(200);
  const signIn = await shop.call<{ token: string; user: { id: string } }>('/api/user/signin', { method: 'POST', body: { email: details.email, password: details.password } });
  expect(signIn.status).toBe(200);
  const her: Her = { ...details, userId: signIn.body.user.id, token: signIn.body.token };

  const backupDir = join(folder('shop-backup-'), 'nightly');
  const backup = await cli('backup', [backupDir], { DATA_DIR: shop.t.dataDir, ...env });
  expect(backup.code, backup.stderr).toBe(0);
  expect(filesNaming(backupDir, her).length, 'the backup holds her').toBeGreaterThan(0);

  expect((await shop.call(`/api/user/${her.userId}`, { method: 'DELETE', token: her.token, body: { password: her.password } })).status).toBe(200);
  running = false;
  await shop.close();
  rmSync(shop.t.dataDir, { recursive: true, force: true });
  return { her, backupDir };
}

describe('hostile: a restored backup does not bring the forgotten back', () => {
  it('keeps her forgotten after the data folder is lost and a backup from before her erasure is restored (ERASURE_LEDGER kept outside it)', { timeout: 240_000 }, async () => {
    const ledger = join(folder('shop-ledger-'), 'erasures.jsonl');
    const { her, backupDir } = await forgottenAfterTheBackup({ ERASURE_LEDGER: ledger });

    // A ledger that is named but gone is not read as "nobody was forgotten".
    const lostLedger = await cli('restore', [backupDir], { DATA_DIR: folder('shop-restored-'), ERASURE_LEDGER: join(folder('shop-ledger-'), 'erasures.jsonl') });
    expect(lostLedger.code).toBe(1);
    expect(lostLedger.stderr).toMatch(/erasure ledger .*erasures\.jsonl does not exist/);

    const restoredDir = folder('shop-restored-');
    const restore = await cli('restore', [backupDir], { DATA_DIR: restoredDir, ERASURE_LEDGER: ledger });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stderr).toMatch(/Erasures re-applied from .*erasures\.jsonl.*, 1 of them still held by the backup/);

    const restored = await startTestShop({ dataDir: restoredDir, env: { JWT_SECRET: TEST_JWT_SECRET, ERASURE_LEDGER: ledger } });
    let running = true;
    later(() => (running ? restored.close() : undefined));
    await restored.shop.upgrades.whenCurrent('accounts');
    expect((await api(restored.url, '/api/user/signin', { method: 'POST', body: { email: her.email, password: her.password } })).status).not.toBe(200);
    const herData = new RegExp(`${her.email}|${her.name}|${her.phone}`);
    // Her old token opens an account that reads as forgotten: nothing of her in it.
    expect(JSON.stringify((await api(restored.url, `/api/user/${her.userId}`, { token: her.token })).body)).not.toMatch(herData);
    const admin = restored.shop.tokens.sign({ userId: newId(), email: 'owner@example.in', isAdmin: true });
    for (const path of [...[her.email, her.name, her.phone].map((q) => `/api/admin/customers?q=${encodeURIComponent(q)}`), `/api/admin/customers/${her.userId}`]) {
      const found = await api(restored.url, path, { token: admin });
      expect(JSON.stringify(found.body), path).not.toMatch(herData);
    }
    running = false;
    await restored.close();
    expect(filesNaming(restoredDir, her)).toEqual([]);
  });

  it('refuses to restore, and restores nothing, when nothing kept outside the backup says who was forgotten after it', { timeout: 240_000 }, async () => {
    // The default ledger lives in the data folder: it was lost with it.
    const { backupDir } = await forgottenAfterTheBackup({});
    const restoredDir = folder('shop-restored-');
    const restore = await cli('restore', [backupDir], { DATA_DIR: restoredDir, ERASURE_LEDGER: '' });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/who was forgotten after the backup was taken \(\d{4}-\d\d-\d\dT[\d:.]+Z\): they would come back/);
    expect(restore.stderr).toContain('ERASURE_LEDGER');
    expect(restore.stderr).toContain('--no-erasures-since-backup');
    expect(readdirSync(restoredDir)).toEqual([]);
  });
});
