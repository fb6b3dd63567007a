import { accountStreams, cartStreams, myListStreams, type AccountEventMap } from '@shop/contracts';
import type { EventStore, RecordedEvent } from '@shop/platform';

/** Events read per page while the log is searched for the person. */
const PAGE = 1000;
/** Secrets of the write side: the person is told they exist, never given them. */
const SECRET_FIELDS = new Set(['passwordHash', 'codeHash', 'secretHash']);

/** Fields through which an event names the user it is about. */
const USER_FIELDS = ['userId', 'userid', 'customerId'] as const;

export interface PersonalExport {
  userId: string;
  exportedAt: string;
  /** Each event that is about the person, in log order, decrypted; secrets shown as kept, not given. */
  events: { type: string; stream: string; recordedAt: string; data: Record<string, unknown> }[];
}

/**
 * Everything the shop holds about a person, from the log (the one source every read model is
 * built from), their personal fields decrypted: their account, newsletter subscription, cart and
 * My List, checkouts, payments, orders and reviews. One pass over the log: an export is rare and
 * the person waits once.
 */
export async function personalExport(events: EventStore, userId: string, newsletterStreamsOf: (email: string) => string[], now: Date = new Date()): Promise<PersonalExport> {
  const own = new Set([accountStreams.account(userId), cartStreams.cart(userId), myListStreams.list(userId)]);
  // Their newsletter stream (one per e-mail), which names no user: found by the account's e-mail.
  for (const event of await events.readStream(accountStreams.account(userId))) {
    if (event.type === 'AccountRegistered') for (const stream of newsletterStreamsOf((event.data as AccountEventMap['AccountRegistered']).email)) own.add(stream);
  }
  const about: RecordedEvent[] = [];
  const orderIds = new Set<string>();
  for (let after = 0n; ; ) {
    const page = await events.readAll({ after, limit: PAGE });
    if (page.length === 0) break;
    for (const event of page) {
      const data = event.data as Record<string, unknown>;
      if (own.has(event.streamId) || USER_FIELDS.some((field) => data[field] === userId)) {
        about.push(event);
        if (typeof data.orderId === 'string') orderIds.add(data.orderId);
      } else if (typeof data.orderId === 'string' && orderIds.has(data.orderId)) {
        about.push(event);
      }
    }
    after = page.at(-1)!.position;
  }
  return {
    userId,
    exportedAt: now.toISOString(),
    events: about.map((event) => ({ type: event.type, stream: event.streamId, recordedAt: event.metadata.timestamp, data: withoutSecrets(event.data as Record<string, unknown>) })),
  };
}

function withoutSecrets(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([field, value]) => [field, SECRET_FIELDS.has(field) && value ? '(kept by the shop, never shown)' : value]));
}
