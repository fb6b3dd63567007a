import {
  PERSONAL_DATA,
  accountEventSchemas,
  accountStreams,
  cartCouponEventSchemas,
  cartEventSchemas,
  cartStreams,
  catalogEventSchemas,
  checkoutEventSchemas,
  discountEventSchemas,
  giftCardEventSchemas,
  gstEventSchemas,
  isId,
  myListEventSchemas,
  myListStreams,
  orderEventSchemas,
  paymentEventSchemas,
  promotionEventSchemas,
  reviewEventSchemas,
  stockEventSchemas,
} from '@shop/contracts';
import type { Projection, ProjectionView } from '../projection.ts';

/** Fields through which an event names the user it is about. */
export const USER_FIELDS = ['userId', 'userid', 'customerId'] as const;

/** A run of consecutive revisions of one stream, both ends included. */
export type RevisionRange = [from: number, to: number];

/** Per user: the streams other than their own that hold events about them, and which revisions. */
export interface PersonalStreamsDoc {
  _id: string;
  streams: { id: string; revisions: RevisionRange[] }[];
}

/** Per order: the users whose export takes the order's later events (those naming no user). */
export interface OrderOwnersDoc {
  _id: string;
  userIds: string[];
}

/**
 * The user whose own stream this is (`account-<userId>`, `cart-<userId>`, `mylist-<userId>`), or
 * null. An export reads these streams whole, so their events need no entry in the index.
 */
export function ownerOfStream(streamId: string): string | null {
  for (const streamOf of [accountStreams.account, cartStreams.cart, myListStreams.list]) {
    const prefix = streamOf('');
    if (streamId.startsWith(prefix) && isId(streamId.slice(prefix.length))) return streamId.slice(prefix.length);
  }
  return null;
}

/** The users an event names in its data (each once). */
function usersNamedBy(data: Record<string, unknown>): string[] {
  const named = new Set<string>();
  for (const field of USER_FIELDS) if (typeof data[field] === 'string' && data[field]) named.add(data[field]);
  return [...named];
}

/** `revisions` with `revision` in it; runs stay merged (an order's stream is one run, however long). */
function withRevision(revisions: RevisionRange[], revision: number): RevisionRange[] {
  const last = revisions.at(-1);
  if (last && last[1] === revision - 1) return [...revisions.slice(0, -1), [last[0], revision]];
  if (revisions.some(([from, to]) => from <= revision && revision <= to)) return revisions;
  return [...revisions, [revision, revision]];
}

async function index(view: ProjectionView, userId: string, streamId: string, revision: number): Promise<void> {
  const doc = (await view.get<PersonalStreamsDoc>(PERSONAL_DATA.streams, userId)) ?? { _id: userId, streams: [] };
  const entry = doc.streams.find((stream) => stream.id === streamId);
  const streams = entry
    ? doc.streams.map((stream) => (stream === entry ? { id: streamId, revisions: withRevision(entry.revisions, revision) } : stream))
    : [...doc.streams, { id: streamId, revisions: [[revision, revision] as RevisionRange] }];
  view.put<PersonalStreamsDoc>(PERSONAL_DATA.streams, { _id: userId, streams });
}

/** Every event type the shop records: any of them may name a user or an order. */
const ALL_EVENT_TYPES = [
  accountEventSchemas,
  cartEventSchemas,
  cartCouponEventSchemas,
  catalogEventSchemas,
  checkoutEventSchemas,
  discountEventSchemas,
  giftCardEventSchemas,
  gstEventSchemas,
  myListEventSchemas,
  orderEventSchemas,
  paymentEventSchemas,
  promotionEventSchemas,
  reviewEventSchemas,
  stockEventSchemas,
].flatMap((schemas) => Object.keys(schemas));

/**
 * The index a person's data export reads instead of the whole log (an export read every event
 * ever recorded, so a few at once held the shop). An event is about a user when it is in their
 * own stream, names them (`userId`, `userid`, `customerId`), or names an order an earlier event
 * about them named (a payment, invoice or status change names only the order). Their own streams
 * are read whole and not indexed; every other stream gets its revisions about them, in runs.
 * Ids only, never personal data: an erasure leaves nothing here to forget. Follows the whole log
 * in order (an order's owners come from earlier events of other streams): not partition-safe.
 */
export const personalDataProjection: Projection = {
  name: 'personal-data',
  version: 1,
  collections: [{ name: PERSONAL_DATA.streams }, { name: PERSONAL_DATA.orderOwners }],
  handles: new Set(ALL_EVENT_TYPES),
  async apply(event, view) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    const streamOwner = ownerOfStream(event.streamId);
    const named = usersNamedBy(data);
    const orderId = typeof data.orderId === 'string' ? data.orderId : null;
    const about = new Set(named);
    if (orderId) {
      const owners = await view.get<OrderOwnersDoc>(PERSONAL_DATA.orderOwners, orderId);
      for (const userId of owners?.userIds ?? []) about.add(userId);
      const newOwners = [...named, ...(streamOwner ? [streamOwner] : [])].filter((userId) => !owners?.userIds.includes(userId));
      if (newOwners.length > 0) view.put<OrderOwnersDoc>(PERSONAL_DATA.orderOwners, { _id: orderId, userIds: [...(owners?.userIds ?? []), ...new Set(newOwners)] });
    }
    if (streamOwner) about.delete(streamOwner);
    for (const userId of about) await index(view, userId, event.streamId, Number(event.revision));
  },
};
