import {
  ACCOUNT_COLLECTIONS,
  accountEventSchemas,
  emptySessionCutoff,
  withSessionCut,
  type AccountEventMap,
  type ImageUploadDoc,
  type SessionCut,
  type SessionCutoffDoc,
  type UserDoc,
} from '@shop/contracts';
import type { Projection, ProjectionView } from '../projection.ts';
import { accountCollections } from './collections.ts';

type Handler<K extends keyof AccountEventMap> = (data: AccountEventMap[K], view: ProjectionView) => Promise<void> | void;

async function updateUser(view: ProjectionView, userId: string, change: (user: UserDoc) => UserDoc): Promise<void> {
  const user = await view.get<UserDoc>(ACCOUNT_COLLECTIONS.users, userId);
  if (user) view.put(ACCOUNT_COLLECTIONS.users, change(user));
}

/** Applies one cut to the user's session cut-offs; cuts only add up, none undoes another. */
async function cutSessions(view: ProjectionView, userId: string, ...cuts: SessionCut[]): Promise<void> {
  let doc = (await view.get<SessionCutoffDoc>(ACCOUNT_COLLECTIONS.sessionCutoffs, userId)) ?? emptySessionCutoff(userId);
  for (const cut of cuts) doc = withSessionCut(doc, cut);
  view.put(ACCOUNT_COLLECTIONS.sessionCutoffs, doc);
}

/**
 * Only the public fields are copied: password hashes, code hashes and Google subjects stay on
 * the write side. Every handler sets state from the event (no increments), so replays are safe.
 */
const handlers: { [K in keyof AccountEventMap]?: Handler<K> } = {
  async AccountRegistered(data, view) {
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
    // An account created as an admin: its tokens' admin claim is checked like a granted one's.
    if (data.isAdmin) await cutSessions(view, data.userId, { kind: 'role', isAdmin: true, at: null });
  },

  AccountVerified: (data, view) => updateUser(view, data.userId, (user) => ({ ...user, isVerify: true })),

  GoogleIdentityLinked: (data, view) => updateUser(view, data.userId, (user) => ({ ...user, isVerify: true })),

  ProfileUpdated: (data, view) =>
    updateUser(view, data.userId, (user) => ({ ...user, name: data.name, phone: data.phone, images: data.images })),

  async AdminRoleGranted(data, view) {
    await updateUser(view, data.userId, (user) => ({ ...user, isAdmin: true }));
    await cutSessions(view, data.userId, { kind: 'role', isAdmin: true, at: data.grantedAt });
  },

  async AdminRoleRevoked(data, view) {
    await updateUser(view, data.userId, (user) => ({ ...user, isAdmin: false }));
    // A token still says isAdmin until it expires: end them, and refuse any admin claim from now on.
    await cutSessions(view, data.userId, { kind: 'all', before: Date.parse(data.revokedAt) }, { kind: 'role', isAdmin: false, at: data.revokedAt });
  },

  PasswordChanged: (data, view) =>
    cutSessions(
      view,
      data.userId,
      data.keptSession ? { kind: 'allBut', before: Date.parse(data.changedAt), kept: data.keptSession } : { kind: 'all', before: Date.parse(data.changedAt) },
    ),

  PasswordReset: (data, view) => cutSessions(view, data.userId, { kind: 'all', before: Date.parse(data.resetAt) }),

  SessionSignedOut: (data, view) => cutSessions(view, data.userId, { kind: 'one', sessionId: data.sessionId, signedInAt: data.signedInAt }),

  /**
   * An erased person's tokens die with them: sign-in is closed by the decider, but a token taken
   * before lives until it expires. Every session ends, also one whose sign-in raced the erasure
   * and was signed after it: no session of a forgotten account is ever valid again.
   */
  PersonForgotten: (data, view) => cutSessions(view, data.userId, { kind: 'all', before: Number.MAX_SAFE_INTEGER }),

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
  // 2: session cut-offs keep the strongest of all their events and the latest role event.
  // 3: an erasure (PersonForgotten) ends every session of the person.
  version: 3,
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
