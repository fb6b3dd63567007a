import CloseIcon from '@mui/icons-material/Close';
import PublicIcon from '@mui/icons-material/Public';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useGetCountriesQuery } from '../api/shopApi.ts';
import { brand } from '../shared/theme.ts';
import { useSession } from '../session/hooks.ts';
import { locationChosen } from '../session/sessionSlice.ts';
import { ALL_LOCATIONS } from '../session/storage.ts';
import { useAppDispatch } from '../store/store.ts';
import { filterCountries } from './countries.ts';

/** Country picker: case-insensitive search; choosing stores the code (or All) and reloads home. */
export default function LocationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const { data: countries = [], isLoading } = useGetCountriesQuery();
  const { location } = useSession();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const shown = useMemo(() => filterCountries(countries, query), [countries, query]);
  const showAll = !query.trim() || 'all'.includes(query.trim().toLowerCase());

  const choose = (code: string) => {
    dispatch(locationChosen(code));
    onClose();
    navigate('/');
    window.scrollTo({ top: 0 });
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="location-title" slotProps={{ paper: { sx: { height: 'min(640px, 90vh)' } } }}>
      <DialogTitle id="location-title" sx={{ pr: 6 }}>
        Choose your delivery location
        <Typography variant="body2" color="text.secondary">
          Products are filtered by where they are sold.
        </Typography>
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: 'flex', flexDirection: 'column' }}>
        <Box sx={{ p: 2, pb: 1 }}>
          <TextField
            autoFocus
            fullWidth
            size="small"
            placeholder="Search your area"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            slotProps={{ htmlInput: { 'aria-label': 'Search your area' } }}
          />
        </Box>
        <List component="div" role="group" aria-label="Countries" dense data-testid="country-list" sx={{ flex: 1, overflowY: 'auto', px: 1 }}>
          {showAll && (
            <ListItemButton selected={location === ALL_LOCATIONS} onClick={() => choose(ALL_LOCATIONS)} sx={{ borderRadius: 2 }}>
              <PublicIcon fontSize="small" sx={{ mr: 1.5, color: brand.indigo }} />
              <span>All countries</span>
            </ListItemButton>
          )}
          {isLoading && <Box sx={{ p: 2, color: 'text.secondary' }}>Loading countries…</Box>}
          {shown.map((c) => (
            <ListItemButton key={c.iso2} selected={location === c.iso2} onClick={() => choose(c.iso2)} sx={{ borderRadius: 2 }} data-code={c.iso2}>
              <Box component="span" sx={{ width: 34, color: 'text.secondary', fontSize: 12, fontWeight: 700 }}>
                {c.iso2}
              </Box>
              <span>{c.country}</span>
            </ListItemButton>
          ))}
          {!isLoading && shown.length === 0 && !showAll && <Box sx={{ p: 2, color: 'text.secondary' }}>No country matches “{query}”.</Box>}
        </List>
      </DialogContent>
    </Dialog>
  );
}
