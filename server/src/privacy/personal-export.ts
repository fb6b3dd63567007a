import { Readable } from 'node:stream';
import { PERSONAL_DATA, accountStreams, cartStreams, myListStreams, type AccountEventMap } from '@shop/contracts';
import type { DocumentStore, EventStore, RecordedEvent } from '@shop/platform';
import type { PersonalStreamsDoc } from '@shop/projections';
import { summariseExport, type ExportSummary } from './export-summary.ts';

/** Secrets of the write side: the person is told they exist, never given them. */
const SECRET_FIELDS = new Set(['passwordHash', 'codeHash', 'secretHash']);
/** Bytes of JSON gathered before a piece of the reply is handed to the socket. */
const REPLY_CHUNK_CHARS = 64 * 1024;

export interface ExportedEvent {
  type: string;
  stream: string;
  recordedAt: string;
  data: Record<string, unknown>;
}

export interface PersonalExport {
  userId: string;
  exportedAt: string;
  /** What the events amount to (profile, addresses, orders, reviews, consents), also in plain sentences. */
  summary: ExportSummary;
  /** Each event that is about the person, in log order, decrypted; secrets shown as kept, not given. */
  events: ExportedEvent[];
}

export interface PersonalExportSources {
  events: EventStore;
  /** The read models, with the `personal-data` index (PERSONAL_DATA) current. */
  docs: DocumentStore;
  /** The newsletter streams of an e-mail (they name no user: found by the account's e-mail). */
  newsletterStreamsOf(email: string): string[];
}

/**
 * Everything the shop holds about a person, from the log (the one source every read model is
 * built from), their personal fields decrypted: their account, newsletter subscription, cart and
 * My List, checkouts, payments, orders and reviews. Only their events are read: their own
 * streams whole, and the revisions the `personal-data` index lists in the streams they share
 * (an order's, a product's reviews); never a page of the whole log, which grows with every
 * shopper and made each export cost as much as a rebuild.
 */
export async function personalExport(sources: PersonalExportSources, userId: string, now: Date = new Date()): Promise<PersonalExport> {
  const { events, docs } = sources;
  const byPosition = new Map<bigint, RecordedEvent>();
  const take = (read: RecordedEvent[]) => {
    for (const event of read) byPosition.set(event.position, event);
  };
  const account = await events.readStream(accountStreams.account(userId));
  take(account);
  for (const event of account) {
    if (event.type !== 'AccountRegistered') continue;
    for (const stream of sources.newsletterStreamsOf((event.data as AccountEventMap['AccountRegistered']).email)) take(await events.readStream(stream));
  }
  take(await events.readStream(cartStreams.cart(userId)));
  take(await events.readStream(myListStreams.list(userId)));
  const index = await docs.get<PersonalStreamsDoc>(PERSONAL_DATA.streams, userId);
  for (const stream of index?.streams ?? []) {
    for (const [from, to] of stream.revisions) take(await events.readStream(stream.id, { fromRevision: BigInt(from), toRevision: BigInt(to) }));
  }
  const exported = [...byPosition.values()]
    .sort((a, b) => (a.position < b.position ? -1 : 1))
    .map((event) => ({ type: event.type, stream: event.streamId, recordedAt: event.metadata.timestamp, data: withoutSecrets(event.data as Record<string, unknown>) }));
  return { userId, exportedAt: now.toISOString(), summary: summariseExport(exported), events: exported };
}

/**
 * The export as a JSON reply, written event by event: a long history is never one string in
 * memory (nor one synchronous `JSON.stringify` holding the event loop while others wait).
 */
export function exportReply(data: PersonalExport): Readable {
  return Readable.from(jsonPieces(data), { objectMode: false });
}

function* jsonPieces({ userId, exportedAt, summary, events }: PersonalExport): Generator<string> {
  let piece = `{"userId":${JSON.stringify(userId)},"exportedAt":${JSON.stringify(exportedAt)},"summary":${JSON.stringify(summary)},"events":[`;
  for (const [index, event] of events.entries()) {
    piece += (index === 0 ? '' : ',') + JSON.stringify(event);
    if (piece.length >= REPLY_CHUNK_CHARS) {
      yield piece;
      piece = '';
    }
  }
  yield `${piece}]}`;
}

function withoutSecrets(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([field, value]) => [field, SECRET_FIELDS.has(field) && value ? '(kept by the shop, never shown)' : value]));
}
