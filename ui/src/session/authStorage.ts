import type { User } from '../api/types.ts';
import { readItem, STORAGE_KEYS, writeItem, type SessionUser } from './storage.ts';

/** `actionType` while a password reset is under way: the code page then leads to /changePassword. */
export const CHANGE_PASSWORD = 'changePassword';

/** The e-mail a code was sent to (key `userEmail`), shown on the code page and used by the reset. */
export const readPendingEmail = (): string => readItem(STORAGE_KEYS.userEmail) ?? '';
export const readActionType = (): string => readItem(STORAGE_KEYS.actionType) ?? '';

/** A code was sent to verify a new account: the code page then leads to /signIn. */
export function startVerification(email: string): void {
  writeItem(STORAGE_KEYS.userEmail, email);
  writeItem(STORAGE_KEYS.actionType, null);
}

/** A reset code was sent: the code page then leads to /changePassword. */
export function startPasswordReset(email: string): void {
  writeItem(STORAGE_KEYS.userEmail, email);
  writeItem(STORAGE_KEYS.actionType, CHANGE_PASSWORD);
}

/**
 * The one-use secret `verifyemail` hands the client that verified a reset code; the new password
 * needs it back. Kept in this tab's sessionStorage (not localStorage): it is worth a password
 * change for 10 minutes, so it should neither outlive the tab nor reach other tabs.
 */
const RESET_TOKEN_KEY = 'resetToken';

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function keepResetToken(token: string | undefined): void {
  try {
    if (token) tabStorage()?.setItem(RESET_TOKEN_KEY, token);
    else tabStorage()?.removeItem(RESET_TOKEN_KEY);
  } catch {
    // Storage refused (private mode, quota): the reset then asks for a new code.
  }
}

export const readResetToken = (): string => tabStorage()?.getItem(RESET_TOKEN_KEY) ?? '';

export function finishCodeFlow(): void {
  writeItem(STORAGE_KEYS.userEmail, null);
  writeItem(STORAGE_KEYS.actionType, null);
  keepResetToken(undefined);
}

/** The local copy of a signed-in user (key `user`): id, name, e-mail and the first image. */
export function sessionUserOf(user: Pick<User, 'id' | 'name' | 'email' | 'images'>): SessionUser {
  const image = Array.isArray(user.images) ? user.images[0] : undefined;
  return { userId: user.id, name: user.name, email: user.email, ...(image ? { image } : {}) };
}
