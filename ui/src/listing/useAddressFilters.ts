import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromUrl, withFilters, type AddressFilters, type SortOptions } from './filters.ts';

/**
 * The listing's filters as the address holds them, and a setter that changes some of them.
 *
 * Two changes in quick succession must both land: a shopper who presses Enter in a price box and
 * clicks a rating before the page re-renders keeps the price. react-router's functional update
 * hands over the parameters of the last render, so the setter builds on the address it last asked
 * for until a render catches up.
 */
export function useAddressFilters<S extends string>(sorts: SortOptions<S>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromUrl(searchParams, sorts), [searchParams, sorts]);
  const asked = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [searchParams]);
  /** Applies `changes`; a filter replaces the history entry, a page (`newEntry`) is one of its own. */
  const setFilters = useCallback(
    (changes: Partial<AddressFilters<S>>, { newEntry = false }: { newEntry?: boolean } = {}) => {
      const next = withFilters(asked.current ?? searchParams, changes, sorts);
      asked.current = next;
      setSearchParams(next, { replace: !newEntry });
    },
    [searchParams, setSearchParams, sorts],
  );
  return [filters, setFilters] as const;
}
