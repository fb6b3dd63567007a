/**
 * `npm run log:import` and what a log needs besides itself (issue #41): a shop's log imported
 * with its key store alone came up with every existing shopper's sign-in saying "User not
 * found!" and every token refused, and said nothing. Now the import refuses, naming the files of
 * the old data folder to bring, and with them the shop is the same shop: she signs in with her
 * old password and her old token still works.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { signUpVerified, startMailCatcher, type AccountShop } from '../../../test-support/account-kit.ts';
import { api, startTestShop } from '../../../test-support/shop-fixtures.ts';
import { ROOT, serverEntry } from '../../../test-support/shop-process.ts';
import { cleanupAfterEach } from '../../../test-support/cleanups.ts';
import { DATA_FOLDER } from '../data-folder.ts';

const { later, folder } = cleanupAfterEach();

/** The shop's secrets come from its data folder here, as on a shop that sets none. */
const inheritedEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'JWT_SECRET' && name !== 'EMAIL_LOOKUP_SECRET'));

/** log:export or log:import as an operator runs it: exit code and output, whatever the code. */
async function logFile(command: 'export' | 'import', args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...serverEntry('log-file'), command, ...args], {
      cwd: ROOT,
      env: { ...inheritedEnv, DATA_DIR: dataDir, EVENT_STORE: 'sqlite', READ_STORE: 'sqlite' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('npm run log:import carries what the log needs, or refuses naming it', () => {
  it('refuses a log with the key store alone, naming secrets/; with them every shopper signs in as before and her token still works', { timeout: 240_000 }, async () => {
    // The old shop: its secrets generated into its data folder (no JWT_SECRET, no EMAIL_LOOKUP_SECRET).
    const oldDir = folder('shop-old-');
    const mail = await startMailCatcher();
    later(() => mail.close());
    const t = await startTestShop({ dataDir: oldDir, env: { SMTP_URL: mail.url } });
    let running = true;
    later(() => (running ? t.close() : undefined));
    const shop: AccountShop = { t, mail, replies: [], call: (path, init) => api(t.url, path, init) as never, close: () => t.close() };
    const her = await signUpVerified(shop);
    running = false;
    await t.close();
    const file = join(folder('shop-log-'), 'log.jsonl');
    const exported = await logFile('export', [file], oldDir);
    expect(exported.code, exported.stderr).toBe(0);

    // The key store alone.
    const newDir = folder('shop-new-');
    cpSync(join(oldDir, DATA_FOLDER.keyStore), join(newDir, DATA_FOLDER.keyStore));
    const refused = await logFile('import', [file], newDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`log:import refused, nothing was imported`);
    expect(refused.stderr).toContain(`${DATA_FOLDER.secrets}/email-lookup-key`);
    expect(refused.stderr).toContain('"User not found!"');
    expect(refused.stderr).toContain(`${DATA_FOLDER.secrets}/jwt-secret`);
    expect(existsSync(join(newDir, DATA_FOLDER.eventLog)), 'no log written').toBe(false);

    // The secrets alone: the people's keys are named.
    const noKeysDir = folder('shop-new-');
    cpSync(join(oldDir, DATA_FOLDER.secrets), join(noKeysDir, DATA_FOLDER.secrets), { recursive: true });
    const noKeys = await logFile('import', [file], noKeysDir);
    expect(noKeys.code).toBe(1);
    expect(noKeys.stderr).toContain(`copy <old DATA_DIR>/${DATA_FOLDER.keyStore} into ${noKeysDir}`);
    expect(readdirSync(noKeysDir)).not.toContain(DATA_FOLDER.eventLog);

    // Both, as the message says: the same shop.
    cpSync(join(oldDir, DATA_FOLDER.secrets), join(newDir, DATA_FOLDER.secrets), { recursive: true });
    const imported = await logFile('import', [file], newDir);
    expect(imported.code, imported.stderr).toBe(0);
    const moved = await startTestShop({ dataDir: newDir });
    later(() => moved.close());
    await moved.shop.upgrades.whenCurrent('accounts');
    const signIn = await api<{ user: { id: string } }>(moved.url, '/api/user/signin', { method: 'POST', body: { email: her.email, password: her.password } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.id).toBe(her.userId);
    const mine = await api<{ email: string }>(moved.url, `/api/user/${her.userId}`, { token: her.token });
    expect(mine.status).toBe(200);
    expect(mine.body.email).toBe(her.email);
  });
});
