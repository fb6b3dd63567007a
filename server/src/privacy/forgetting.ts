import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AccountError, avatarFolder, type AccountCommands, type StreamCommands } from '@shop/command-api';
import type { DocumentStore, FileStore, Logger, SealingEventStore } from '@shop/platform';
import { RebuildBusyError, type RebuildRequests } from '@shop/projections';
import { recordErasure } from './erasure-ledger.ts';

export interface ForgettingDeps {
  accounts: AccountCommands;
  streams: StreamCommands;
  /** The log's sealing layer: destroying a key there forgets the person in this process at once. */
  sealed: SealingEventStore;
  /**
   * Tells the shop's other processes (WORKERS > 1) that these subjects' keys are destroyed, and
   * resolves once each has dropped its cached copies (keys, states decided from their events).
   */
  tellOthers?: (subjects: string[]) => Promise<void>;
  /** The erasure ledger (DATA_FOLDER.erasures, or ERASURE_LEDGER). */
  ledgerFile: string;
  files: FileStore;
  /** Run where the projections run (the holder of their lease, with several processes). */
  rebuilds: RebuildRequests;
  docs: DocumentStore;
  /** The mail outbox folder of a shop without SMTP (mails to the person are deleted), or null. */
  outbox: string | null;
  logger: Logger;
  /**
   * Null when the log holds no personal data in clear; else why an erasure must wait (a log
   * written before sealing, being sealed): destroying a key would forget nothing of it.
   */
  notSealed?: () => string | null;
}

/** How long an erasure waits for a rebuild someone else started, before its own. */
const REBUILD_BUSY_RETRY_MS = 200;

/**
 * The right to erasure, in order: the ledger records the person's key store subjects (so a
 * restore re-applies the erasure), their keys are destroyed (every personal field of theirs in
 * the log, its copies and backups now reads as forgotten), `PersonForgotten` is appended (the
 * account no longer signs in), their uploads and outbox mails are deleted, and every read model
 * is rebuilt from the log, which now reads them as forgotten, and its freed pages erased.
 *
 * Orders, revenue and stock are untouched: they are facts in clear, not personal data.
 * Erasures run one at a time (a rebuild is one job per process).
 */
export class Forgetting {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: ForgettingDeps) {}

  forget(userId: string, by: string, actorId: string): Promise<{ position: bigint }> {
    const run = this.queue.then(() => this.erase(userId, by, actorId));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async erase(userId: string, by: string, actorId: string): Promise<{ position: bigint }> {
    const { accounts, sealed, logger } = this.deps;
    const notSealed = this.deps.notSealed?.();
    if (notSealed) throw new AccountError('conflict', notSealed);
    const account = await accounts.account(userId);
    if (!account) throw new AccountError('not-found', 'User not found');
    // Checked before any key is gone (the decider checks again at the append).
    if (account.isAdmin) throw new AccountError('conflict', 'This account is an admin; revoke its admin role before it is forgotten.');
    const subjects = [userId, ...accounts.newsletter.streamsOf(account.email)];
    await accounts.newsletter.withdrawOnErasure(account.email);
    await recordErasure(this.deps.ledgerFile, { userId, subjects, at: new Date().toISOString() });
    await sealed.forget(subjects);
    await this.deps.tellOthers?.(subjects);
    const { position } = await accounts.forget(userId, by, actorId);
    this.deps.streams.forgetCached();
    await this.deleteUploads(userId);
    await this.deleteOutboxMails(account.email);
    await rebuildEveryReadModel(this.deps.rebuilds);
    await this.deps.docs.eraseFreedPages?.();
    logger.info({ userId, by }, 'person forgotten');
    return { position };
  }

  private async deleteUploads(userId: string): Promise<void> {
    const { files, logger } = this.deps;
    for (const file of await files.list(avatarFolder(userId))) {
      await files.delete(file.key).catch((error: unknown) => logger.warn({ err: error, key: file.key }, 'upload of a forgotten person not deleted'));
    }
  }

  /** Mails waiting in the outbox name their recipient: those to the person go. */
  private async deleteOutboxMails(email: string): Promise<void> {
    const folder = this.deps.outbox;
    if (!folder || !email) return;
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      return;
    }
    const needle = Buffer.from(email, 'utf8');
    for (const name of names) {
      const path = join(folder, name);
      const bytes = await readFile(path).catch(() => null);
      if (bytes?.includes(needle)) await rm(path, { force: true });
    }
  }

}

/** Every read model, rebuilt from the log as it reads now (people forgotten), swapped in while the shop serves. */
export async function rebuildEveryReadModel(rebuilds: RebuildRequests): Promise<void> {
  for (;;) {
    try {
      const job = await rebuilds.run('all');
      if (job.state === 'done') return;
      if (job.state === 'failed') throw new Error(`rebuilding the read models after an erasure failed: ${job.error ?? 'unknown error'}`);
      // 'busy': another process's rebuild holds a lease; it reads the log as it is now too, but ours must run.
      await new Promise((resolve) => setTimeout(resolve, REBUILD_BUSY_RETRY_MS));
    } catch (error) {
      if (!(error instanceof RebuildBusyError)) throw error;
      await new Promise((resolve) => setTimeout(resolve, REBUILD_BUSY_RETRY_MS));
    }
  }
}
