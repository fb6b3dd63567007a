import { USER_FIELDS } from '@shop/projections';
import type { EventStore, RecordedEvent } from '@shop/platform';

/**
 * Every event of the log about a person, found the slow way (what the data export did before
 * its index): one pass over the whole log keeping the events of `ownStreams`, the events naming
 * them, and the later events of the orders those named. The integration test holds the indexed
 * export to it; bench:export measures both.
 */
export async function scanLogForPerson(events: EventStore, userId: string, ownStreams: ReadonlySet<string>): Promise<RecordedEvent[]> {
  const about: RecordedEvent[] = [];
  const orderIds = new Set<string>();
  for (let after = 0n; ; ) {
    const page = await events.readAll({ after, limit: 1000 });
    if (page.length === 0) return about;
    for (const event of page) {
      const data = event.data as Record<string, unknown>;
      const orderId = typeof data.orderId === 'string' ? data.orderId : null;
      if (ownStreams.has(event.streamId) || USER_FIELDS.some((field) => data[field] === userId)) {
        about.push(event);
        if (orderId) orderIds.add(orderId);
      } else if (orderId && orderIds.has(orderId)) about.push(event);
    }
    after = page.at(-1)!.position;
  }
}
