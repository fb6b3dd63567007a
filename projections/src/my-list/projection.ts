import { MY_LIST, myListEventSchemas, type MyListDoc, type MyListEventMap } from '@shop/contracts';
import type { Projection } from '../projection.ts';

/** My List entries per user (`GET /api/my-list`). */
export const myListProjection: Projection = {
  name: 'my-list',
  version: 1,
  collections: [{ name: MY_LIST.entries, indexes: [['userId', 'productId'], ['userId', 'dateCreated']] }],
  handles: new Set(Object.keys(myListEventSchemas)),
  apply(event, view) {
    if (event.type === 'MyListItemAdded') {
      const { entryId, ...rest } = myListEventSchemas.MyListItemAdded.parse(event.data) as MyListEventMap['MyListItemAdded'];
      const doc: MyListDoc = { _id: entryId, id: entryId, ...rest, dateCreated: event.metadata.timestamp };
      view.put(MY_LIST.entries, doc);
    } else if (event.type === 'MyListItemRemoved') {
      view.delete(MY_LIST.entries, myListEventSchemas.MyListItemRemoved.parse(event.data).entryId);
    }
  },
};
