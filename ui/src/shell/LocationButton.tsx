import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { lazy, Suspense, useState } from 'react';
import { useGetCountriesQuery } from '../api/shopApi.ts';
import { brand } from '../app/theme.ts';
import { useSession } from '../session/hooks.ts';
import { countryName } from './countries.ts';

const LocationDialog = lazy(() => import('./LocationDialog.tsx'));

/** "Your location" in the header: opens the country picker. */
export function LocationButton({ compact = false }: { compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const { location } = useSession();
  // The shell loads the country list on start (spec §2); cached for an hour.
  const { data: countries } = useGetCountriesQuery();
  const label = countryName(countries, location);
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={`Your location: ${label}. Change location`}
        data-testid="location-button"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.75,
          border: `1px solid ${brand.line}`,
          borderRadius: 3,
          px: compact ? 1 : 1.5,
          height: 46,
          textAlign: 'left',
          flexShrink: 0,
          minWidth: compact ? 0 : 150,
          maxWidth: 200,
          '&:hover': { borderColor: brand.indigo },
        }}
      >
        <PlaceOutlinedIcon sx={{ color: brand.saffron }} fontSize="small" />
        {!compact && (
          <Box component="span" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 }}>
            <Box component="span" sx={{ fontSize: 11, color: 'text.secondary', lineHeight: 1.2 }}>
              Your Location
            </Box>
            <Box component="span" data-testid="location-label" sx={{ fontSize: 14, fontWeight: 700, color: brand.indigo, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {label}
            </Box>
          </Box>
        )}
        {!compact && <KeyboardArrowDownIcon fontSize="small" sx={{ color: 'text.secondary' }} />}
      </ButtonBase>
      {open && (
        <Suspense fallback={null}>
          <LocationDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
