import { CHECKOUTS, type CheckoutProcessDoc } from '@shop/contracts';
import type { DocumentStore, Logger } from '@shop/platform';
import type { CheckoutProcess } from './process.ts';

/**
 * Run at startup, once the checkouts projection has caught up: every checkout that was started
 * and never completed or failed (the server stopped part-way) is run again to its end. The
 * steps are idempotent, so whatever was already done is skipped.
 */
export async function recoverCheckouts(docs: DocumentStore, process: CheckoutProcess, logger: Logger): Promise<number> {
  const unfinished = await docs.find<CheckoutProcessDoc>(CHECKOUTS.processes, { status: 'started' }, { sort: [['startedAt', 1]] });
  for (const doc of unfinished) {
    try {
      const outcome = await process.resume(doc.paymentId);
      logger.info({ paymentId: doc.paymentId, ok: outcome.ok }, 'recovered an unfinished checkout');
    } catch (error) {
      logger.error({ err: error, paymentId: doc.paymentId }, 'could not recover a checkout; will retry at next start');
    }
  }
  return unfinished.length;
}
