import type { LogSealingStatus } from '@shop/contracts';
import type { DocumentStore, Logger, SealingEventStore } from '@shop/platform';
import { sealSqliteLogInPlace, sqliteLogSealed, type InPlaceProgress } from '@shop/platform/adapters';
import type { RebuildRequests } from '@shop/projections';
import { rebuildEveryReadModel } from './forgetting.ts';

/** Why an erasure is refused while the log still holds people in clear (the operator reads it too). */
export const MSG_LOG_NOT_SEALED =
  'Erasure is not possible yet: the event log still holds personal data in clear from a release before sealing, and the shop is sealing it now. Try again once the back office shows the log sealed.';

export interface LogSealingDeps {
  /** The embedded log's file. */
  file: string;
  sealed: SealingEventStore;
  /** Asked when people "forgotten" while their fields were in clear were found: the read models still show them. */
  rebuilds: RebuildRequests;
  docs: DocumentStore;
  logger: Logger;
}

/**
 * The upgrade of a log written before personal fields were sealed, done by the shop itself: at
 * start-up (by one process, the holder of its lease), beside serving, resumable
 * (sealSqliteLogInPlace). Until the log is marked sealed, no erasure is accepted in any process
 * (`refusal`): destroying a key does not forget fields stored in clear, and an erasure answered
 * 200 must have forgotten the person.
 *
 * People an older release "forgot" while their fields were in clear (their key destroyed, their
 * events readable) are forgotten by the sealing (their fields are left out), and every read model
 * is then rebuilt so the back office stops showing them.
 */
export class LogSealing {
  private status: LogSealingStatus = { state: 'waiting' };
  /** Once the file says sealed, it stays so (a release with more personal fields starts a new process). */
  private sealedSeen = false;
  private running: Promise<void> | null = null;
  private stopping = false;
  /** This process seals the log now, or rebuilds the read models after it: not done whatever the file says. */
  private busy = false;

  constructor(private readonly deps: LogSealingDeps) {}

  /** Null when erasure may go ahead; else the message to refuse it with. */
  refusal(): string | null {
    if (this.busy) return MSG_LOG_NOT_SEALED;
    if (this.sealedSeen) return null;
    if (sqliteLogSealed(this.deps.file)) {
      this.sealedSeen = true;
      this.status = { state: 'sealed' };
      return null;
    }
    return MSG_LOG_NOT_SEALED;
  }

  current(): LogSealingStatus {
    this.refusal();
    return this.status;
  }

  /** Starts sealing in the background (a LeasedRole's start: this process holds its lease). */
  start(): void {
    this.stopping = false;
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  private async run(): Promise<void> {
    const { logger } = this.deps;
    if (this.refusal() === null) return;
    this.busy = true;
    logger.warn('the event log holds personal data in clear (written before sealing): sealing it now, while the shop serves; erasure is refused until it is done');
    let lastLogged = 0;
    try {
      const outcome = await sealSqliteLogInPlace(this.deps.file, this.deps.sealed, {
        stopped: () => this.stopping,
        onPage: (progress) => {
          this.status = { state: 'sealing', position: progress.position, head: progress.head, sealed: progress.sealed };
          if (Date.now() - lastLogged >= 5000 || progress.position >= progress.head) {
            lastLogged = Date.now();
            logger.info({ position: progress.position, head: progress.head, sealed: progress.sealed }, 'sealing personal data in the event log');
          }
        },
      });
      if (!outcome) {
        this.status = { state: 'waiting' };
        return; // stopped: the next holder goes on from the position reached
      }
      await this.afterSealing(outcome);
    } catch (error) {
      this.status = { state: 'failed', error: (error as Error).message };
      logger.error({ err: error }, 'sealing the personal data in the event log failed; erasure stays refused (it is tried again at the next start)');
    } finally {
      this.busy = false;
    }
  }

  private async afterSealing(outcome: InPlaceProgress): Promise<void> {
    const { logger } = this.deps;
    if (outcome.forgotten > 0) {
      // Fields of people an older release forgot in name only: gone from the log now, from the read models next.
      await rebuildEveryReadModel(this.deps.rebuilds);
      await this.deps.docs.eraseFreedPages?.();
    }
    this.busy = false;
    this.refusal();
    logger.info({ sealed: outcome.sealed, forgottenBefore: outcome.forgotten }, 'the personal data in the event log is sealed; erasure is open');
  }
}
