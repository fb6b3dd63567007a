import { gstRetentionSubject, gstYearsPastRetention, shopDay } from '@shop/contracts';
import type { Logger } from '@shop/platform';
import { SweepingDesk } from '../../shared/periodic-sweep.ts';

/** How often the desk looks: the law's years end on a calendar day, so a few times a day is on time. */
export const GST_RETENTION_SWEEP_MS = 6 * 3_600_000;

/**
 * Lets go of what the GST law kept beyond an erasure: once a financial year's records may go
 * (gstRecordsKeptUntil), the year's retention key is destroyed, and the invoice recipients kept
 * under it read as forgotten in the log, its copies and backups. Destroying a key twice is
 * harmless, so every sweep states the whole list; years that never had a key get a tombstone.
 */
export class GstRetentionDesk extends SweepingDesk {
  private readonly destroyed = new Set<string>();

  constructor(
    /** Destroys key store subjects in every process's view (the sealing layer's forget). */
    private readonly forget: (subjects: readonly string[]) => Promise<void>,
    private readonly timeZone: string,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
  }

  protected sweepOnce(): Promise<number> {
    return this.endRetentionAsOf(this.now());
  }

  /** What a sweep on `day` does: destroys the retention keys of every year past its retention then. Resolves with how many it destroyed. */
  async endRetentionAsOf(day: Date): Promise<number> {
    const due = gstYearsPastRetention(shopDay(day, this.timeZone))
      .map(gstRetentionSubject)
      .filter((subject) => !this.destroyed.has(subject));
    if (due.length === 0) return 0;
    try {
      await this.forget(due);
      for (const subject of due) this.destroyed.add(subject);
      this.logger.info({ subjects: due }, 'GST retention ended: kept invoice recipients forgotten');
      return due.length;
    } catch (error) {
      this.logger.error({ err: error }, 'ending GST retention failed; the next sweep tries again');
      return 0;
    }
  }
}
