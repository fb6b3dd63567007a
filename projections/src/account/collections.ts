import { ACCOUNT_COLLECTIONS } from '@shop/contracts';
import type { CollectionSpec } from '@shop/platform';

/** The accounts projection's collections (named in @shop/contracts) with their indexes. */

export const accountCollections: CollectionSpec[] = [
  { name: ACCOUNT_COLLECTIONS.users, indexes: [['email'], ['dateCreated']] },
  { name: ACCOUNT_COLLECTIONS.imageUploads, indexes: [['userId', 'dateCreated']] },
  { name: ACCOUNT_COLLECTIONS.sessionCutoffs },
];
