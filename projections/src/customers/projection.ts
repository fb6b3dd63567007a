import { CUSTOMERS, accountEventSchemas, orderEventSchemas, type AccountEventMap, type CustomerDoc } from '@shop/contracts';
import type { Projection, ProjectionView } from '../projection.ts';

type AccountHandler<K extends keyof AccountEventMap> = (data: AccountEventMap[K], view: ProjectionView) => Promise<void> | void;

async function update(view: ProjectionView, userId: string, change: (customer: CustomerDoc) => CustomerDoc): Promise<void> {
  const customer = await view.get<CustomerDoc>(CUSTOMERS.customers, userId);
  if (customer) view.put(CUSTOMERS.customers, change(customer));
}

const accountHandlers: { [K in keyof AccountEventMap]?: AccountHandler<K> } = {
  AccountRegistered(data, view) {
    const { userId, name, email, phone, isAdmin, registeredAt } = data;
    const doc: CustomerDoc = { _id: userId, id: userId, name, email, phone, isAdmin, isVerify: false, orders: 0, dateCreated: registeredAt };
    view.put(CUSTOMERS.customers, doc);
  },
  AccountVerified: (data, view) => update(view, data.userId, (c) => ({ ...c, isVerify: true })),
  GoogleIdentityLinked: (data, view) => update(view, data.userId, (c) => ({ ...c, isVerify: true })),
  ProfileUpdated: (data, view) => update(view, data.userId, (c) => ({ ...c, name: data.name, phone: data.phone })),
  AdminRoleGranted: (data, view) => update(view, data.userId, (c) => ({ ...c, isAdmin: true })),
  AdminRoleRevoked: (data, view) => update(view, data.userId, (c) => ({ ...c, isAdmin: false })),
};

/**
 * The back office's customers: one row per account (public fields, never a secret) with how many
 * orders it placed, searched by the words of its name and e-mail through the store's text index
 * and listed newest first by `dateCreated`. It follows the whole log in order (it is not
 * partition-safe: a row is written by its account stream and by every order stream of the
 * account), so an order always finds its account's row; the order stream places an order once,
 * so counting on `OrderPlaced` counts each order once.
 */
export const customerProjection: Projection = {
  name: 'customers',
  version: 1,
  collections: [{ name: CUSTOMERS.customers, indexes: [['dateCreated'], ['email']], textFields: ['name', 'email'] }],
  handles: new Set([...Object.keys(accountHandlers), 'OrderPlaced']),
  async apply(event, view) {
    if (event.type === 'OrderPlaced') {
      const { userid } = orderEventSchemas.OrderPlaced.parse(event.data);
      return update(view, userid, (c) => ({ ...c, orders: c.orders + 1 }));
    }
    const type = event.type as keyof AccountEventMap;
    const handler = accountHandlers[type] as AccountHandler<typeof type> | undefined;
    if (!handler) return;
    await handler(accountEventSchemas[type].parse(event.data) as AccountEventMap[typeof type], view);
  },
};
