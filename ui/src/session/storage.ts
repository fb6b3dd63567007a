/**
 * The browser-side session: localStorage keys and their shapes, as the original client kept them
 * (token, user, userEmail, actionType, location).
 */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  userEmail: 'userEmail',
  actionType: 'actionType',
  location: 'location',
  recentlyViewed: 'recentlyViewed',
  compare: 'compare',
} as const;

export const ALL_LOCATIONS = 'All';

/** Local copy of the signed-in user (key `user`). */
export interface SessionUser {
  userId: string;
  name: string;
  email: string;
  image?: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

export function writeItem(key: string, value: string | null): void {
  const s = storage();
  if (!s) return;
  try {
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Private mode or a full quota: the session simply lives in memory for this visit.
  }
}

export function readToken(): string | null {
  const token = readItem(STORAGE_KEYS.token);
  return token && token.trim() ? token : null;
}

export function readUser(): SessionUser | null {
  const raw = readItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<SessionUser>;
    return typeof parsed.userId === 'string' ? (parsed as SessionUser) : null;
  } catch {
    return null;
  }
}

/** A two-letter country code (upper case) or `All`; anything else reads as `All`. */
export function normaliseLocation(value: string | null | undefined): string {
  if (!value) return ALL_LOCATIONS;
  if (value.toLowerCase() === 'all') return ALL_LOCATIONS;
  return /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : ALL_LOCATIONS;
}

export function readLocation(): string {
  return normaliseLocation(readItem(STORAGE_KEYS.location));
}

/** Stores the chosen country's two-letter code, or `All`, under `location`; returns what was stored. */
export function storeLocation(value: string | null | undefined): string {
  const location = normaliseLocation(value);
  writeItem(STORAGE_KEYS.location, location);
  return location;
}

export function storeSignIn(token: string, user: SessionUser): void {
  writeItem(STORAGE_KEYS.token, token);
  writeItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearSignIn(): void {
  writeItem(STORAGE_KEYS.token, null);
  writeItem(STORAGE_KEYS.user, null);
}
