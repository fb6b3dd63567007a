import { RECENTLY_VIEWED_MAX } from '../shared/constants.ts';
import { readItem, STORAGE_KEYS, writeItem } from '../session/storage.ts';

/** Product ids this browser has viewed, newest first (localStorage, per browser). */
export function readRecentlyViewed(): string[] {
  const raw = readItem(STORAGE_KEYS.recentlyViewed);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string').slice(0, RECENTLY_VIEWED_MAX) : [];
  } catch {
    return [];
  }
}

/** Puts `productId` first, without duplicates, keeping at most ten; returns the new list. */
export function rememberViewed(productId: string): string[] {
  const list = [productId, ...readRecentlyViewed().filter((id) => id !== productId)].slice(0, RECENTLY_VIEWED_MAX);
  writeItem(STORAGE_KEYS.recentlyViewed, JSON.stringify(list));
  return list;
}
