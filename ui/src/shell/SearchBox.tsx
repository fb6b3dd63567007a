import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSearchProductsQuery } from '../api/shopApi.ts';
import { brand } from '../app/theme.ts';
import { SEARCH_DEBOUNCE_MS, SUGGESTION_NAME_LENGTH } from '../lib/constants.ts';
import { rupees, truncate } from '../lib/format.ts';
import { productPath, searchPath } from '../lib/links.ts';
import { useDebounced } from '../lib/useDebounced.ts';
import { useSession } from '../session/hooks.ts';

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
  const { data, isFetching } = useSearchProductsQuery({ q: query, location }, { skip: query.length === 0 });

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
    if (!q) return; // §5: the search button ignores an empty query.
    setOpen(false);
    navigate(searchPath(q));
    onDone?.();
  };

  const suggestions = query ? (data ?? []).slice(0, MAX_SUGGESTIONS) : [];
  const showPanel = open && text.trim().length > 0 && query.length > 0;

  return (
    <Box component="form" role="search" ref={box} onSubmit={submit} sx={{ position: 'relative', flex: 1, minWidth: 0, maxWidth: 640 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          height: 46,
          borderRadius: 999,
          bgcolor: '#f1f4fa',
          border: `1px solid ${brand.line}`,
          pl: 2.25,
          pr: 0.5,
          '&:focus-within': { borderColor: brand.indigo, bgcolor: '#fff', boxShadow: `0 0 0 3px ${brand.indigoLight}` },
        }}
      >
        <Box
          component="input"
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
          sx={{ flex: 1, minWidth: 0, border: 0, outline: 0, bgcolor: 'transparent', font: 'inherit', fontSize: 15, color: 'text.primary', height: '100%', '&::-webkit-search-cancel-button': { display: 'none' } }}
        />
        {isFetching && <CircularProgress size={18} sx={{ mx: 1 }} aria-label="Searching" />}
        <IconButton type="submit" aria-label="Search" sx={{ bgcolor: brand.indigo, color: '#fff', width: 36, height: 36, '&:hover': { bgcolor: brand.indigoDark } }}>
          <SearchIcon fontSize="small" />
        </IconButton>
      </Box>
      {showPanel && (
        <Paper
          elevation={8}
          data-testid="search-suggestions"
          sx={{ position: 'absolute', top: 52, left: 0, right: 0, zIndex: 1400, overflow: 'hidden', maxHeight: 420, overflowY: 'auto' }}
        >
          {suggestions.length === 0 ? (
            <Box sx={{ p: 2, color: 'text.secondary', fontSize: 14 }}>{isFetching ? 'Searching…' : `No products match “${query}”.`}</Box>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0.5 }}>
              {suggestions.map((product) => (
                <li key={product.id}>
                  <Box
                    component={Link}
                    to={productPath(product.id)}
                    onClick={() => {
                      setOpen(false);
                      onDone?.();
                    }}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1.5,
                      px: 1.25,
                      py: 0.75,
                      borderRadius: 2,
                      color: 'text.primary',
                      textDecoration: 'none',
                      '&:hover, &:focus-visible': { bgcolor: brand.indigoLight },
                    }}
                  >
                    <img src={product.images[0]} alt="" width={44} height={44} loading="lazy" style={{ borderRadius: 8, objectFit: 'cover', background: '#f1f4fa', flexShrink: 0 }} />
                    <Box component="span" className="suggestion-name" sx={{ flex: 1, fontSize: 14, minWidth: 0 }}>
                      {truncate(product.name, SUGGESTION_NAME_LENGTH)}
                    </Box>
                    <Box component="span" sx={{ fontWeight: 700, color: brand.indigo, fontSize: 14, whiteSpace: 'nowrap' }}>
                      {rupees(product.price)}
                    </Box>
                  </Box>
                </li>
              ))}
              <li>
                <Box
                  component={Link}
                  to={searchPath(query)}
                  onClick={() => {
                    setOpen(false);
                    onDone?.();
                  }}
                  sx={{ display: 'block', textAlign: 'center', py: 1, fontSize: 14, fontWeight: 600, color: brand.indigo, textDecoration: 'none' }}
                >
                  See all results for “{query}”
                </Box>
              </li>
            </Box>
          )}
        </Paper>
      )}
    </Box>
  );
}
