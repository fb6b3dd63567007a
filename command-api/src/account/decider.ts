import { type AccountEventMap, accountStreams, accountEventSchemas } from '@shop/contracts';
import type { Decider, DomainEvent } from '../shared/decider.ts';
import { claimStreamType, streamType } from '../shared/stream-type.ts';
import { MAX_WRONG_CODES_ANY_CLIENT, RESET_GRANT_TTL_MS, sameDigest, type IssuedCode } from './codes.ts';
import { AccountError, MSG } from './errors.ts';

type Ev<K extends keyof AccountEventMap> = DomainEvent<K, AccountEventMap[K]>;

/** Events of one account stream (`account-<userId>`). */
export type AccountEvent =
  | Ev<'AccountRegistered'>
  | Ev<'VerificationCodeIssued'>
  | Ev<'VerificationCodeAttemptFailed'>
  | Ev<'AccountVerified'>
  | Ev<'PasswordResetCodeVerified'>
  | Ev<'PasswordChanged'>
  | Ev<'PasswordReset'>
  | Ev<'SessionSignedOut'>
  | Ev<'ProfileUpdated'>
  | Ev<'AvatarImagesUploaded'>
  | Ev<'AvatarUploadsCleared'>
  | Ev<'GoogleIdentityLinked'>
  | Ev<'AdminRoleGranted'>
  | Ev<'AdminRoleRevoked'>
  | Ev<'PersonForgotten'>;

export interface ActiveCode {
  codeId: string;
  purpose: IssuedCode['purpose'];
  codeHash: string;
  expiresAt: string;
  failedAttempts: number;
}

export interface AccountState {
  registered: boolean;
  userId: string;
  name: string;
  email: string;
  phone: string;
  images: string[];
  isAdmin: boolean;
  /** When the latest role event (grant or revoke) happened; null when there was none. Tokens carry it. */
  roleChangedAt: string | null;
  verified: boolean;
  passwordHash: string | null;
  googleSubject: string | null;
  /** The latest issued code until it is used; a new code replaces the old one. */
  code: ActiveCode | null;
  /**
   * Set by a verified reset code; consumed by the reset it allows. `secretHash` is the SHA-256 of
   * the secret handed to the client that verified the code (null for grants recorded before
   * grants had secrets: those allow no reset).
   */
  resetGrant: { codeId: string; expiresAt: string; secretHash: string | null } | null;
  /** Current upload records (uploadId → image URLs), as `GET /api/imageUpload` lists them. */
  uploads: ReadonlyMap<string, string[]>;
  /**
   * The uploaded images whose files are kept: those in an upload record or on the profile. The
   * only uploads a profile may point at.
   */
  uploadedImages: ReadonlySet<string>;
  /** The person was forgotten (PersonForgotten): nothing of theirs is readable, nothing registers here again. */
  forgotten: boolean;
}

export type AccountCommand =
  | { type: 'Register'; userId: string; name: string; email: string; phone: string; passwordHash: string; at: string; code: IssuedCode }
  | { type: 'IssueCode'; code: IssuedCode }
  /** `hashFor` hashes the candidate code under a code id; the decider never sees a key. */
  /** `resetSecretHash`: what a reset grant this verification opens will require back. */
  | { type: 'VerifyCode'; hashFor: (codeId: string) => string; at: string; resetSecretHash: string }
  /** `secretHash`: the hash of the secret the client presented (null: it presented none). */
  | { type: 'ResetPassword'; passwordHash: string; secretHash: string | null; at: string }
  /** `checkedHash` is the hash the old password was verified against, to catch a concurrent change. */
  | { type: 'ChangePassword'; checkedHash: string; passwordHash: string; at: string; keptSession?: string }
  | { type: 'UpdateProfile'; name: string; phone: string; images?: string[]; email?: string; at: string }
  /** Ends one session (a token: its session id and issue time) at its holder's request. */
  | { type: 'SignOut'; sessionId: string; signedInAt: number; at: string }
  | { type: 'RecordUpload'; uploadId: string; images: string[]; at: string }
  | { type: 'ClearUploads'; at: string }
  | { type: 'SignInWithGoogle'; userId: string; subject: string; email: string; name: string; picture: string | null; at: string }
  /** Admin rights (`npm run admin:grant`, the back office, see admin-roles.ts); `by` names who asked. */
  | { type: 'GrantAdminRole'; by: string; at: string }
  | { type: 'RevokeAdminRole'; by: string; at: string }
  /** The right to erasure: `by` is 'self' or the acting admin's id (privacy/forgetting in the server). */
  | { type: 'Forget'; by: string; at: string };

export const initialAccountState: AccountState = {
  registered: false,
  userId: '',
  name: '',
  email: '',
  phone: '',
  images: [],
  isAdmin: false,
  roleChangedAt: null,
  verified: false,
  passwordHash: null,
  googleSubject: null,
  code: null,
  resetGrant: null,
  uploads: new Map(),
  uploadedImages: new Set(),
  forgotten: false,
};

function evolve(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountRegistered': {
      const { userId, name, email, phone, images, isAdmin, passwordHash } = event.data;
      return { ...state, registered: true, userId, name, email, phone, images, isAdmin, passwordHash };
    }
    case 'VerificationCodeIssued': {
      const { codeId, purpose, codeHash, expiresAt } = event.data;
      return { ...state, code: { codeId, purpose, codeHash, expiresAt, failedAttempts: 0 } };
    }
    case 'VerificationCodeAttemptFailed':
      if (state.code?.codeId !== event.data.codeId) return state;
      return { ...state, code: { ...state.code, failedAttempts: event.data.failedAttempts } };
    case 'AccountVerified':
      return { ...state, verified: true, code: state.code?.codeId === event.data.codeId ? null : state.code };
    case 'PasswordResetCodeVerified':
      return {
        ...state,
        code: state.code?.codeId === event.data.codeId ? null : state.code,
        resetGrant: { codeId: event.data.codeId, expiresAt: event.data.grantExpiresAt, secretHash: event.data.secretHash ?? null },
      };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'PasswordReset':
      return { ...state, passwordHash: event.data.passwordHash, resetGrant: null };
    case 'ProfileUpdated': {
      const { name, phone, images } = event.data;
      // An uploaded image the profile stops showing and no upload record lists is gone (its file
      // is deleted), so a profile can not point back at it.
      const listed = new Set([...state.uploads.values()].flat());
      const uploadedImages = new Set([...state.uploadedImages].filter((url) => images.includes(url) || listed.has(url)));
      return { ...state, name, phone, images, uploadedImages };
    }
    case 'AvatarImagesUploaded': {
      const uploads = new Map(state.uploads).set(event.data.uploadId, event.data.images);
      return { ...state, uploads, uploadedImages: new Set([...state.uploadedImages, ...event.data.images]) };
    }
    case 'AvatarUploadsCleared': {
      const uploads = new Map(state.uploads);
      const dropped = new Set<string>();
      for (const id of event.data.uploadIds) {
        for (const url of uploads.get(id) ?? []) dropped.add(url);
        uploads.delete(id);
      }
      // Cleared images are gone (their files may be deleted) unless the profile still shows them.
      const uploadedImages = new Set([...state.uploadedImages].filter((url) => !dropped.has(url) || state.images.includes(url)));
      return { ...state, uploads, uploadedImages };
    }
    case 'GoogleIdentityLinked':
      return {
        ...state,
        verified: true,
        googleSubject: event.data.subject,
        passwordHash: event.data.passwordRevoked ? null : state.passwordHash,
      };
    case 'AdminRoleGranted':
      return { ...state, isAdmin: true, roleChangedAt: event.data.grantedAt };
    case 'AdminRoleRevoked':
      return { ...state, isAdmin: false, roleChangedAt: event.data.revokedAt };
    case 'SessionSignedOut':
      return state;
    case 'PersonForgotten':
      // Nothing of the person is left to sign in with: the account reads as never registered.
      return { ...initialAccountState, userId: state.userId, forgotten: true };
  }
}

function codeIssued(userId: string, code: IssuedCode): Ev<'VerificationCodeIssued'> {
  return { type: 'VerificationCodeIssued', data: { userId, ...code } };
}

/**
 * Why a password reset with this secret (hash) at this time is refused, or null when it is
 * allowed: only the client holding the secret of a live grant may reset. The service asks
 * before hashing the new password; `decide` asks again on the state it appends to.
 */
export function resetRefusal(state: AccountState, secretHash: string | null, at: string): AccountError | null {
  const grant = state.resetGrant;
  if (!grant || !grant.secretHash || !secretHash || !sameDigest(secretHash, grant.secretHash)) return new AccountError('not-allowed', MSG.resetNotAllowed);
  if (Date.parse(at) > Date.parse(grant.expiresAt)) return new AccountError('not-allowed', MSG.resetExpired);
  return null;
}

function requireAccount(state: AccountState): void {
  if (!state.registered) throw new AccountError('not-found', MSG.userNotFound);
}

function decide(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'Register': {
      if (state.registered) throw new AccountError('conflict', MSG.emailTaken);
      // The e-mail's reservation still names the forgotten account, whose key is gone for good:
      // an account registered there would be unreadable from its first event.
      if (state.forgotten) throw new AccountError('conflict', MSG_EMAIL_OF_FORGOTTEN);
      const { userId, name, email, phone, passwordHash, at } = command;
      return [
        {
          type: 'AccountRegistered',
          data: { userId, name, email, phone, passwordHash, method: 'password', images: [], isAdmin: false, registeredAt: at },
        },
        codeIssued(userId, command.code),
      ];
    }

    case 'IssueCode':
      requireAccount(state);
      if (command.code.purpose === 'verify' && state.verified) throw new AccountError('invalid', MSG.alreadyVerified);
      return [codeIssued(state.userId, command.code)];

    case 'VerifyCode': {
      requireAccount(state);
      const code = state.code;
      if (!code) throw new AccountError('invalid', MSG.invalidOtp);
      // Checked before the code itself: once locked, even the right code fails. Each client is
      // locked sooner on its own (limits.ts), so strangers' guesses do not lock out the owner.
      if (code.failedAttempts >= MAX_WRONG_CODES_ANY_CLIENT) throw new AccountError('invalid', MSG.otpLocked);
      if (Date.parse(command.at) > Date.parse(code.expiresAt)) throw new AccountError('invalid', MSG.otpExpired);
      const { userId } = state;
      if (!sameDigest(command.hashFor(code.codeId), code.codeHash)) {
        const failedAttempts = code.failedAttempts + 1;
        return [{ type: 'VerificationCodeAttemptFailed', data: { userId, codeId: code.codeId, failedAttempts, at: command.at } }];
      }
      const verified: Ev<'AccountVerified'> = {
        type: 'AccountVerified',
        data: { userId, codeId: code.codeId, method: 'code', verifiedAt: command.at },
      };
      if (code.purpose === 'verify') return [verified];
      // A reset code proves the mailbox too, so an unverified account becomes verified by it.
      const grantExpiresAt = new Date(Date.parse(command.at) + RESET_GRANT_TTL_MS).toISOString();
      return [
        ...(state.verified ? [] : [verified]),
        {
          type: 'PasswordResetCodeVerified',
          data: { userId, codeId: code.codeId, verifiedAt: command.at, grantExpiresAt, secretHash: command.resetSecretHash },
        },
      ];
    }

    case 'ResetPassword': {
      requireAccount(state);
      const refusal = resetRefusal(state, command.secretHash, command.at);
      if (refusal) throw refusal;
      return [
        { type: 'PasswordReset', data: { userId: state.userId, passwordHash: command.passwordHash, codeId: state.resetGrant!.codeId, resetAt: command.at } },
      ];
    }

    case 'ChangePassword':
      requireAccount(state);
      if (state.passwordHash !== command.checkedHash) throw new AccountError('conflict', MSG.passwordChangedMeanwhile);
      return [
        {
          type: 'PasswordChanged',
          data: { userId: state.userId, passwordHash: command.passwordHash, changedAt: command.at, keptSession: command.keptSession },
        },
      ];

    case 'UpdateProfile': {
      requireAccount(state);
      if (command.email !== undefined && command.email !== state.email) throw new AccountError('invalid', MSG.emailReadOnly);
      const images = command.images ?? state.images;
      const known = new Set([...state.images, ...state.uploadedImages]);
      if (images.some((url) => !known.has(url))) throw new AccountError('invalid', MSG.unknownImages);
      const { name, phone } = command;
      if (name === state.name && phone === state.phone && JSON.stringify(images) === JSON.stringify(state.images)) return [];
      return [{ type: 'ProfileUpdated', data: { userId: state.userId, name, phone, images, updatedAt: command.at } }];
    }

    case 'SignOut':
      requireAccount(state);
      return [
        { type: 'SessionSignedOut', data: { userId: state.userId, sessionId: command.sessionId, signedInAt: command.signedInAt, signedOutAt: command.at } },
      ];

    case 'RecordUpload':
      requireAccount(state);
      if (storedUploadCount(state) + command.images.length > MAX_STORED_UPLOADS) throw new AccountError('quota', MSG.uploadQuota);
      return [
        { type: 'AvatarImagesUploaded', data: { userId: state.userId, uploadId: command.uploadId, images: command.images, uploadedAt: command.at } },
      ];

    case 'ClearUploads':
      requireAccount(state);
      if (state.uploads.size === 0) return [];
      return [{ type: 'AvatarUploadsCleared', data: { userId: state.userId, uploadIds: [...state.uploads.keys()], clearedAt: command.at } }];

    case 'SignInWithGoogle': {
      const { userId, subject, email, name, picture, at } = command;
      if (!state.registered) {
        return [
          {
            type: 'AccountRegistered',
            data: { userId, name, email, phone: '', passwordHash: null, method: 'google', images: picture ? [picture] : [], isAdmin: false, registeredAt: at },
          },
          { type: 'GoogleIdentityLinked', data: { userId, subject, email, passwordRevoked: false, linkedAt: at } },
        ];
      }
      if (state.googleSubject === subject) return [];
      if (state.googleSubject !== null) throw new AccountError('conflict', MSG.googleLinkedElsewhere);
      // Whoever set the password of a never-verified account never proved the mailbox: revoke it.
      const passwordRevoked = !state.verified && state.passwordHash !== null;
      return [{ type: 'GoogleIdentityLinked', data: { userId: state.userId, subject, email: state.email, passwordRevoked, linkedAt: at } }];
    }

    case 'GrantAdminRole':
      requireAccount(state);
      // Only someone who proved the mailbox; an unverified account could be anyone's squat.
      if (!state.verified) throw new AccountError('conflict', MSG_NOT_VERIFIED_FOR_ADMIN);
      if (state.isAdmin) return [];
      return [{ type: 'AdminRoleGranted', data: { userId: state.userId, by: command.by, grantedAt: command.at } }];

    case 'RevokeAdminRole':
      requireAccount(state);
      if (!state.isAdmin) return [];
      return [{ type: 'AdminRoleRevoked', data: { userId: state.userId, by: command.by, revokedAt: command.at } }];

    case 'Forget':
      requireAccount(state);
      // The admin roster counts this account: forgetting it must not leave the shop without one.
      if (state.isAdmin) throw new AccountError('conflict', MSG_ADMIN_NOT_FORGOTTEN);
      return [{ type: 'PersonForgotten', data: { userId: state.userId, by: command.by, forgottenAt: command.at } }];
  }
}

export const MSG_EMAIL_OF_FORGOTTEN = 'This e-mail address belonged to an account that was deleted at its owner’s request. Please sign up with another address.';

export const MSG_ADMIN_NOT_FORGOTTEN = 'This account is an admin; revoke its admin role before it is forgotten.';

export const MSG_NOT_VERIFIED_FOR_ADMIN = 'This account has not verified its e-mail yet; only a verified account can be made an admin.';

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: initialAccountState,
  evolve,
  decide,
};

/** Uploaded images a user may keep listed at once (each at most 5 MB): the per-user disk quota. */
export const MAX_STORED_UPLOADS = 30;

/** Images in the user's current upload records. */
export function storedUploadCount(state: Pick<AccountState, 'uploads'>): number {
  let count = 0;
  for (const images of state.uploads.values()) count += images.length;
  return count;
}

/** A user's account (`account-<userId>`). */
export const accountStream = streamType({ kind: 'account', decider: accountDecider, streamId: accountStreams.account, schemas: accountEventSchemas });

/** An e-mail's one reservation for a user id (`account-email-<digest of the e-mail>`). */
export const emailReservationStream = claimStreamType({ kind: 'account-email', streamId: accountStreams.emailReservation, schemas: accountEventSchemas });

/** An e-mail's one newsletter subscription (`newsletter-<digest of the e-mail>`). */
export const newsletterStream = claimStreamType({ kind: 'newsletter', streamId: accountStreams.newsletter, schemas: accountEventSchemas });
