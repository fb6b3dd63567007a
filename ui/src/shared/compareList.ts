import { useSyncExternalStore } from 'react';
import type { Product } from '../api/types.ts';
import { readItem, STORAGE_KEYS, writeItem } from '../session/storage.ts';

/** At most this many products side by side. */
export const COMPARE_MAX = 4;

export const COMPARE_MESSAGES = {
  added: 'Product added to compare',
  already: 'This product is already in your compare list',
  full: `You can compare up to ${COMPARE_MAX} products. Remove one to add another.`,
} as const;

/**
 * What the tray shows of a product. The compare table reads each product afresh from the
 * catalog, so prices and stock there are always current; only these labels are kept.
 */
export interface CompareItem {
  id: string;
  name: string;
  image: string;
}

export type AddOutcome = 'added' | 'already' | 'full';

export function compareItemOf(product: Pick<Product, 'id' | 'name' | 'images'>): CompareItem {
  return { id: product.id, name: product.name, image: product.images[0] ?? '' };
}

/** The list with `item` appended, unless it is already there or the list is full. */
export function withProduct(list: readonly CompareItem[], item: CompareItem): { list: readonly CompareItem[]; outcome: AddOutcome } {
  if (list.some((entry) => entry.id === item.id)) return { list, outcome: 'already' };
  if (list.length >= COMPARE_MAX) return { list, outcome: 'full' };
  return { list: [...list, item], outcome: 'added' };
}

export function withoutProduct(list: readonly CompareItem[], id: string): readonly CompareItem[] {
  return list.filter((entry) => entry.id !== id);
}

const isItem = (value: unknown): value is CompareItem => {
  const v = value as Partial<CompareItem> | null;
  return typeof v === 'object' && v !== null && typeof v.id === 'string' && typeof v.name === 'string' && typeof v.image === 'string';
};

/** The stored list (local storage key `compare`); anything malformed or extra is dropped. */
export function parseCompareList(raw: string | null): readonly CompareItem[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const list: CompareItem[] = [];
    for (const value of parsed) {
      if (list.length < COMPARE_MAX && isItem(value) && !list.some((entry) => entry.id === value.id)) list.push({ id: value.id, name: value.name, image: value.image });
    }
    return list;
  } catch {
    return [];
  }
}

// One in-memory copy shared by every component, kept in step with local storage (other tabs too).
const EMPTY: readonly CompareItem[] = [];
let current: readonly CompareItem[] | undefined;
const listeners = new Set<() => void>();

function snapshot(): readonly CompareItem[] {
  current ??= parseCompareList(readItem(STORAGE_KEYS.compare));
  return current;
}

function publish(list: readonly CompareItem[]): void {
  current = list;
  writeItem(STORAGE_KEYS.compare, list.length ? JSON.stringify(list) : null);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== STORAGE_KEYS.compare) return;
    current = undefined;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The compare list, re-rendering on every change (none on the server's first-screen render). */
export function useCompareList(): readonly CompareItem[] {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY);
}

export function addToCompare(product: Pick<Product, 'id' | 'name' | 'images'>): AddOutcome {
  const { list, outcome } = withProduct(snapshot(), compareItemOf(product));
  if (outcome === 'added') publish(list);
  return outcome;
}

export function removeFromCompare(id: string): void {
  publish(withoutProduct(snapshot(), id));
}

export function clearCompare(): void {
  publish(EMPTY);
}

/** For tests: forget the in-memory copy so the next read comes from local storage. */
export function resetCompareCache(): void {
  current = undefined;
}
