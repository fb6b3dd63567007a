import { ACCOUNT_COLLECTIONS } from '@shop/contracts';
import type { CollectionSpec } from '@shop/platform';

export const ACCOUNTS = ACCOUNT_COLLECTIONS;

export const accountCollections: CollectionSpec[] = [
  { name: ACCOUNTS.users, indexes: [['email'], ['dateCreated']] },
  { name: ACCOUNTS.imageUploads, indexes: [['userId', 'dateCreated']] },
  { name: ACCOUNTS.sessionCutoffs },
];
