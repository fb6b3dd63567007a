import { z } from 'zod';
import { idSchema } from './ids.ts';

/**
 * Account events. Each user has one stream (`account-<userId>`); one more stream per normalised
 * e-mail (`account-email-<sha256>`) holds the reservation that makes e-mails unique.
 *
 * Names are facts in the past tense and are the version: a breaking change to a payload gets a
 * new name (`AccountRegisteredV2`) and the old name stays readable for replays.
 *
 * Secrets live only here, on the write side: `passwordHash` is a self-describing scrypt string,
 * `codeHash` an HMAC-SHA256 (keyed by a server secret) of a one-time code. Projections must never
 * copy either into a read model.
 */

const at = z.iso.datetime();
/** Stored lower-cased and trimmed: the form uniqueness is decided on. */
const normalisedEmail = z.string().min(3).max(254);
const imageUrls = z.array(z.string().min(1).max(500)).max(20);
const passwordHash = z.string().startsWith('scrypt$');

export const codePurpose = z.enum(['verify', 'reset']);
export type CodePurpose = z.infer<typeof codePurpose>;

export const accountEmailReserved = z.object({ userId: idSchema, email: normalisedEmail, reservedAt: at });

export const accountRegistered = z.object({
  userId: idSchema,
  name: z.string().min(1).max(80),
  email: normalisedEmail,
  phone: z.string().max(20),
  /** Null for an account created through Google sign-in (no password until a reset sets one). */
  passwordHash: passwordHash.nullable(),
  method: z.enum(['password', 'google']),
  images: imageUrls,
  isAdmin: z.boolean(),
  registeredAt: at,
});

export const verificationCodeIssued = z.object({
  userId: idSchema,
  codeId: z.uuid(),
  purpose: codePurpose,
  codeHash: z.string().regex(/^[a-f0-9]{64}$/),
  issuedAt: at,
  expiresAt: at,
});

export const verificationCodeAttemptFailed = z.object({
  userId: idSchema,
  codeId: z.uuid(),
  /** Wrong tries of this code so far, this one included. */
  failedAttempts: z.number().int().min(1),
  at,
});

export const accountVerified = z.object({
  userId: idSchema,
  /** The code that proved the mailbox; null when Google vouched for the e-mail. */
  codeId: z.uuid().nullable(),
  method: z.enum(['code', 'google']),
  verifiedAt: at,
});

/**
 * The server-side grant a password reset needs: a reset code was proven, usable once, briefly,
 * and only by the client that proved it. `secretHash` is the SHA-256 (hex) of the one-use secret
 * that client was handed; the secret itself is never stored. Absent in grants recorded before
 * grants had secrets (those allow no reset).
 */
export const passwordResetCodeVerified = z.object({
  userId: idSchema,
  codeId: z.uuid(),
  verifiedAt: at,
  grantExpiresAt: at,
  secretHash: z.string().regex(/^[a-f0-9]{64}$/).optional(),
});

/**
 * Every session of the account signed in before `changedAt` ends, but the one that made the
 * change (`keptSession`, the token's session id), so the shopper stays signed in where they are.
 */
export const passwordChanged = z.object({ userId: idSchema, passwordHash, changedAt: at, keptSession: z.string().min(1).max(100).optional() });

/**
 * One session (one token) ended on the server at its holder's request (`POST /api/user/signout`):
 * `sessionId` is the token's session id, `signedInAt` its issue time (ms since the epoch). A
 * token from before sessions had ids (`sessionId` '') ends every session signed in up to it.
 */
export const sessionSignedOut = z.object({
  userId: idSchema,
  sessionId: z.string().max(100),
  signedInAt: z.number().int().min(0),
  signedOutAt: at,
});

export const passwordReset = z.object({ userId: idSchema, passwordHash, codeId: z.uuid(), resetAt: at });

export const profileUpdated = z.object({
  userId: idSchema,
  name: z.string().min(1).max(80),
  phone: z.string().max(20),
  images: imageUrls,
  updatedAt: at,
});

export const avatarImagesUploaded = z.object({
  userId: idSchema,
  uploadId: idSchema,
  images: imageUrls.min(1),
  uploadedAt: at,
});

export const avatarUploadsCleared = z.object({ userId: idSchema, uploadIds: z.array(idSchema).min(1), clearedAt: at });

export const googleIdentityLinked = z.object({
  userId: idSchema,
  /** Google's stable account id (`sub`). */
  subject: z.string().min(1).max(255),
  email: normalisedEmail,
  /**
   * True when Google verified an account nobody had verified yet: whoever set its password never
   * proved the mailbox, so that password stops working (docs/features.md, Accounts).
   */
  passwordRevoked: z.boolean(),
  linkedAt: at,
});

/**
 * A footer sign-up recorded before confirmed opt-in: never confirmed, so it does not count as
 * consent (the newsletter stream's state reads it as a request that was never followed).
 */
export const newsletterSubscribed = z.object({ email: normalisedEmail, subscribedAt: at });

/** What the newsletter's consent is for, and the version of the notice the person was shown. */
export const NEWSLETTER_PURPOSE = 'newsletter: e-mails about new gifts, offers and sales';
/** Raise when the notice's wording changes: each consent records the version it was given under. */
export const NEWSLETTER_NOTICE_VERSION = '2026-11-27';
const consentTerms = { purpose: z.string().min(1).max(200), noticeVersion: z.string().min(1).max(40) };

/**
 * Confirmed opt-in, step one: a confirmation link was mailed. `tokenHash` is the SHA-256 (hex) of
 * the link's one-use secret (the secret itself is never stored); nothing counts until it is followed.
 */
export const newsletterConsentRequested = z.object({ email: normalisedEmail, ...consentTerms, tokenHash: z.string().regex(/^[a-f0-9]{64}$/), requestedAt: at, expiresAt: at });
/** The link was followed in time: the person consented, to this purpose under this notice. */
export const newsletterConsentGiven = z.object({ ...consentTerms, givenAt: at });
/** The person withdrew (the unsubscribe link, a mail client's one-click unsubscribe, or erasure). */
export const newsletterConsentWithdrawn = z.object({ ...consentTerms, how: z.enum(['link', 'one-click', 'erasure']), withdrawnAt: at });

/**
 * Admin rights, granted and revoked by an operator (`npm run admin:grant -- <email> [--revoke]`)
 * or an admin in the back office (`PUT /api/admin/customers/:id/admin`). `by` names who did it:
 * the acting admin's user id, or the CLI and the operating-system user. A token carries the right
 * from the next sign-in on; a revocation ends the account's sessions.
 */
export const adminRoleGranted = z.object({ userId: idSchema, by: z.string().min(1).max(200), grantedAt: at });
export const adminRoleRevoked = z.object({ userId: idSchema, by: z.string().min(1).max(200), revokedAt: at });

/**
 * The admin roster (one stream, `accountStreams.adminRoster`): the ids of the accounts that count
 * as admins for the rule that the shop always keeps one. Every grant joins it and every revoke
 * leaves it, appended with the roster's expected revision, so two admins revoking each other at
 * once are decided one after the other and the second is refused.
 */
export const adminRosterJoined = z.object({ userId: idSchema, by: z.string().min(1).max(200), joinedAt: at });
export const adminRosterLeft = z.object({ userId: idSchema, by: z.string().min(1).max(200), leftAt: at });

/**
 * A person was forgotten (the right to erasure): their key in the key store was destroyed first,
 * so every personal field sealed under it now reads as forgotten (personal-data.ts). The account
 * counts as unregistered from here on. `by` is 'self' (the person, with their password) or the
 * acting admin's user id.
 */
export const personForgotten = z.object({ userId: idSchema, by: z.string().min(1).max(200), forgottenAt: at });

/** Event type name → schema of its data. */
export const accountEventSchemas = {
  AccountEmailReserved: accountEmailReserved,
  AccountRegistered: accountRegistered,
  VerificationCodeIssued: verificationCodeIssued,
  VerificationCodeAttemptFailed: verificationCodeAttemptFailed,
  AccountVerified: accountVerified,
  PasswordResetCodeVerified: passwordResetCodeVerified,
  PasswordChanged: passwordChanged,
  PasswordReset: passwordReset,
  SessionSignedOut: sessionSignedOut,
  ProfileUpdated: profileUpdated,
  AvatarImagesUploaded: avatarImagesUploaded,
  AvatarUploadsCleared: avatarUploadsCleared,
  GoogleIdentityLinked: googleIdentityLinked,
  AdminRoleGranted: adminRoleGranted,
  AdminRoleRevoked: adminRoleRevoked,
  AdminRosterJoined: adminRosterJoined,
  AdminRosterLeft: adminRosterLeft,
  NewsletterSubscribed: newsletterSubscribed,
  NewsletterConsentRequested: newsletterConsentRequested,
  NewsletterConsentGiven: newsletterConsentGiven,
  NewsletterConsentWithdrawn: newsletterConsentWithdrawn,
  PersonForgotten: personForgotten,
} as const;

export type AccountEventMap = { [K in keyof typeof accountEventSchemas]: z.infer<(typeof accountEventSchemas)[K]> };
export type AccountEventType = keyof AccountEventMap;

export const accountStreams = {
  account: (userId: string) => `account-${userId}`,
  /** `emailDigest` is the hex SHA-256 of the normalised e-mail, so stream ids never show addresses. */
  emailReservation: (emailDigest: string) => `account-email-${emailDigest}`,
  newsletter: (emailDigest: string) => `newsletter-${emailDigest}`,
  /** The one stream of who counts as an admin (see `adminRosterJoined`). */
  adminRoster: 'admin-roster',
} as const;
