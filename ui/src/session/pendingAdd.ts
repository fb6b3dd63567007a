import type { NewCartItem, NewMyListEntry } from '../api/types.ts';

/**
 * What a visitor pressed before being asked to sign in (add to cart, add to My List), kept in
 * this tab until they have signed in, then done for them: the sign-in is not a dead end that
 * loses what they wanted. Only the latest press is kept, only for a while, and only for the
 * sign-in it asked for (the one that returns to the page it was pressed on): an add pressed long
 * ago, or before a sign-in started from elsewhere, is not made behind the shopper's back. The server checks the add as
 * any other (stock, duplicates, the signed-in user), so nothing kept here is trusted.
 */
export type PendingAdd =
  /** The cart line as the add sends it, with the options chosen on the product. */
  | { kind: 'cart'; line: Omit<NewCartItem, 'userId'> & Partial<Record<'productRam' | 'size' | 'productWeight', string | null>> }
  | { kind: 'myList'; entry: Omit<NewMyListEntry, 'userId'> };

const KEY = 'pendingAdd';
/** How long a press waits for the sign-in it asked for. */
export const PENDING_ADD_MS = 30 * 60 * 1000;

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps the press made on page `returnTo` (path and query), for the sign-in that returns there. */
export function keepPendingAdd(add: PendingAdd, returnTo: string, now = Date.now()): void {
  try {
    tabStorage()?.setItem(KEY, JSON.stringify({ ...add, returnTo, at: now }));
  } catch {
    // Storage full or blocked: the shopper presses again after signing in.
  }
}

/**
 * The press waiting for a sign-in that returns to `returnTo`, taken (it is done once), or null.
 * Any sign-in clears it: one started elsewhere means the shopper moved on.
 */
export function takePendingAdd(returnTo: string | null, now = Date.now()): PendingAdd | null {
  const storage = tabStorage();
  const raw = storage?.getItem(KEY);
  storage?.removeItem(KEY);
  if (!raw || !returnTo) return null;
  try {
    const kept = JSON.parse(raw) as PendingAdd & { at?: unknown; returnTo?: unknown };
    if (kept.returnTo !== returnTo) return null;
    if (typeof kept.at !== 'number' || now - kept.at > PENDING_ADD_MS || now < kept.at) return null;
    if (kept.kind === 'cart' && kept.line && typeof kept.line === 'object') return { kind: 'cart', line: kept.line };
    if (kept.kind === 'myList' && kept.entry && typeof kept.entry === 'object') return { kind: 'myList', entry: kept.entry };
  } catch {
    // Not ours (edited by hand): nothing to do.
  }
  return null;
}
