import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSearchResultsQuery } from '../api/shopApi.ts';
import { SEARCH_DEBOUNCE_MS, SUGGESTION_NAME_LENGTH } from '../shared/constants.ts';
import { rupees, truncate } from '../shared/format.ts';
import { productPath, searchPath } from '../shared/links.ts';
import { Icon } from '../shared/icons.tsx';
import { useDebounced } from '../shared/useDebounced.ts';
import { useSession } from '../session/hooks.ts';
import css from './SearchBox.module.css';

const MAX_SUGGESTIONS = 8;

/** Header search: live suggestions while typing (debounced), Enter or the button opens /search. */
export function SearchBox({ autoFocus = false, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const query = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const { location } = useSession();
  const navigate = useNavigate();
  const route = useLocation();
  const box = useRef<HTMLFormElement>(null);
  const { data, isFetching } = useSearchResultsQuery({ q: query, location, perPage: MAX_SUGGESTIONS }, { skip: query.length === 0 });

  // A new page closes the suggestions.
  useEffect(() => {
    setOpen(false);
  }, [route.pathname, route.search]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) return; // The search button ignores an empty query.
    setOpen(false);
    navigate(searchPath(q));
    onDone?.();
  };

  const close = () => {
    setOpen(false);
    onDone?.();
  };

  const matches = query ? (data?.products ?? []) : [];
  // No dead end: when nothing matches, popular products of the nearest category instead.
  const fallback = query && matches.length === 0 ? data?.fallback : null;
  const suggestions = fallback ? fallback.products.slice(0, MAX_SUGGESTIONS) : matches;
  const didYouMean = query ? (data?.didYouMean ?? []) : [];
  const showPanel = open && text.trim().length > 0 && query.length > 0;

  return (
    <form role="search" ref={box} onSubmit={submit} className={css.form}>
      <div className={css.field}>
        <input
          type="search"
          name="q"
          autoComplete="off"
          aria-label="Search for products"
          value={text}
          onChange={(e: ChangeEvent<HTMLInputElement>) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={(e: KeyboardEvent) => {
            if (e.key === 'Escape') setOpen(false);
          }}
          placeholder="Search for products…"
          autoFocus={autoFocus}
          className={css.input}
        />
        {isFetching && <span className={css.spinner} role="progressbar" aria-label="Searching" />}
        <button type="submit" aria-label="Search" className={css.submit}>
          <Icon name="search" size={20} />
        </button>
      </div>
      {showPanel && (
        <div className={css.panel} data-testid="search-suggestions">
          {didYouMean.length > 0 && (
            <div className={css.didYouMean} data-testid="did-you-mean">
              Did you mean{' '}
              {didYouMean.map((alternative, i) => (
                <span key={alternative}>
                  {i > 0 && ', '}
                  <Link to={searchPath(alternative)} onClick={close}>
                    {alternative}
                  </Link>
                </span>
              ))}
              ?
            </div>
          )}
          {fallback && (
            <div className={css.empty} data-testid="fallback-heading">
              No products match “{query}”. Popular {fallback.catName ? `in ${fallback.catName}` : 'products'}:
            </div>
          )}
          {suggestions.length === 0 ? (
            <div className={css.empty}>{isFetching ? 'Searching…' : `No products match “${query}”.`}</div>
          ) : (
            <ul className={css.list}>
              {suggestions.map((product) => (
                <li key={product.id}>
                  <Link to={productPath(product.id)} onClick={close} className={css.item}>
                    <img src={product.images[0]} alt="" width={44} height={44} loading="lazy" className={css.thumb} />
                    <span className={`suggestion-name ${css.name}`}>{truncate(product.name, SUGGESTION_NAME_LENGTH)}</span>
                    <span className={css.price}>{rupees(product.price)}</span>
                  </Link>
                </li>
              ))}
              <li>
                <Link to={searchPath(query)} onClick={close} className={css.all}>
                  See all results for “{query}”
                </Link>
              </li>
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
