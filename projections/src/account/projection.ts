import { ACCOUNT_COLLECTIONS, accountEventSchemas, type AccountEventMap, type ImageUploadDoc, type SessionCutoffDoc, type UserDoc } from '@shop/contracts';
import type { Projection, ProjectionView } from '../projection.ts';
import { accountCollections } from './collections.ts';

type Handler<K extends keyof AccountEventMap> = (data: AccountEventMap[K], view: ProjectionView) => Promise<void> | void;

async function updateUser(view: ProjectionView, userId: string, change: (user: UserDoc) => UserDoc): Promise<void> {
  const user = await view.get<UserDoc>(ACCOUNT_COLLECTIONS.users, userId);
  if (user) view.put(ACCOUNT_COLLECTIONS.users, change(user));
}

/** Ends the user's sessions signed in before `at` (all but `keptSession`). */
function cutSessions(view: ProjectionView, userId: string, at: string, keptSession?: string): void {
  const doc: SessionCutoffDoc = { _id: userId, id: userId, notBefore: Date.parse(at), keptSession: keptSession ?? null };
  view.put(ACCOUNT_COLLECTIONS.sessionCutoffs, doc);
}

/**
 * Only the public fields are copied: password hashes, code hashes and Google subjects stay on
 * the write side. Every handler sets state from the event (no increments), so replays are safe.
 */
const handlers: { [K in keyof AccountEventMap]?: Handler<K> } = {
  AccountRegistered(data, view) {
    const doc: UserDoc = {
      _id: data.userId,
      id: data.userId,
      name: data.name,
      email: data.email,
      phone: data.phone,
      images: data.images,
      isAdmin: data.isAdmin,
      isVerify: false,
      dateCreated: data.registeredAt,
    };
    view.put(ACCOUNT_COLLECTIONS.users, doc);
  },

  AccountVerified: (data, view) => updateUser(view, data.userId, (user) => ({ ...user, isVerify: true })),

  GoogleIdentityLinked: (data, view) => updateUser(view, data.userId, (user) => ({ ...user, isVerify: true })),

  ProfileUpdated: (data, view) =>
    updateUser(view, data.userId, (user) => ({ ...user, name: data.name, phone: data.phone, images: data.images })),

  AdminRoleGranted: (data, view) => updateUser(view, data.userId, (user) => ({ ...user, isAdmin: true })),

  async AdminRoleRevoked(data, view) {
    await updateUser(view, data.userId, (user) => ({ ...user, isAdmin: false }));
    // A token still says isAdmin until it expires: end them.
    cutSessions(view, data.userId, data.revokedAt);
  },

  PasswordChanged: (data, view) => cutSessions(view, data.userId, data.changedAt, data.keptSession),

  PasswordReset: (data, view) => cutSessions(view, data.userId, data.resetAt),

  AvatarImagesUploaded(data, view) {
    const doc: ImageUploadDoc = { _id: data.uploadId, id: data.uploadId, userId: data.userId, images: data.images, dateCreated: data.uploadedAt };
    view.put(ACCOUNT_COLLECTIONS.imageUploads, doc);
  },

  AvatarUploadsCleared(data, view) {
    for (const id of data.uploadIds) view.delete(ACCOUNT_COLLECTIONS.imageUploads, id);
  },
};

/** Users (`GET /api/user/:id`), their avatar uploads (`GET /api/imageUpload`) and the cut-offs of their sessions. */
export const accountsProjection: Projection = {
  name: 'accounts',
  version: 1,
  collections: accountCollections,
  handles: new Set(Object.keys(handlers)),
  async apply(event, view) {
    const type = event.type as keyof AccountEventMap;
    const handler = handlers[type] as Handler<typeof type> | undefined;
    if (!handler) return;
    const data = accountEventSchemas[type].parse(event.data) as AccountEventMap[typeof type];
    await handler(data, view);
  },
};
