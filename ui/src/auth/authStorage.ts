import type { User } from '../api/types.ts';
import { readItem, STORAGE_KEYS, writeItem, type SessionUser } from '../session/storage.ts';

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

export function finishCodeFlow(): void {
  writeItem(STORAGE_KEYS.userEmail, null);
  writeItem(STORAGE_KEYS.actionType, null);
}

/** The local copy of a signed-in user (key `user`): id, name, e-mail and the first image. */
export function sessionUserOf(user: Pick<User, 'id' | 'name' | 'email' | 'images'>): SessionUser {
  const image = Array.isArray(user.images) ? user.images[0] : undefined;
  return { userId: user.id, name: user.name, email: user.email, ...(image ? { image } : {}) };
}
