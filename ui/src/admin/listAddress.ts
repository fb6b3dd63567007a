import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { pageParam } from './adminParts.tsx';

/** The longest search a back-office list sends (the routes refuse longer). */
const Q_MAX = 200;

/**
 * A back-office list's place in the address bar, so a link or Back restores it: the search
 * (`q`), the page, and the list's own filters (`current`, as the list read them). `go` moves to
 * a new place, keeping what it does not change but the page; `search` submits the typed words.
 */
export function useListAddress<F extends string = never>(current: Record<F, string> = {} as Record<F, string>) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = pageParam(params.get('page'));
  const [typed, setTyped] = useState(q);
  // The box follows the address bar (a link, Back) as well as typing.
  useEffect(() => setTyped(q), [q]);

  const go = (next: Partial<Record<F | 'q', string>> & { page?: number }) => {
    const merged: Record<string, string> = { ...current, q, ...next };
    const out = new URLSearchParams();
    for (const name of [...Object.keys(current), 'q']) if (merged[name]) out.set(name, merged[name]);
    if (next.page && next.page > 1) out.set('page', String(next.page));
    setParams(out);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    go({ q: typed.trim().slice(0, Q_MAX) } as Partial<Record<F | 'q', string>>);
  };
  return { params, q, page, typed, setTyped, go, search };
}
