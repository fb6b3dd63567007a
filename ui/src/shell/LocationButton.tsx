import { lazy, Suspense, useState } from 'react';
import { useGetCountriesQuery } from '../api/shopApi.ts';
import { Icon } from '../shared/icons.tsx';
import { useSession } from '../session/hooks.ts';
import { countryName } from './countries.ts';
import css from './LocationButton.module.css';

const LocationDialog = lazy(() => import('./LocationDialog.tsx'));

/** "Your location" in the header: opens the country picker. */
export function LocationButton({ compact = false }: { compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const { location } = useSession();
  // The shell loads the country list on start, so the picker opens at once; cached for an hour.
  const { data: countries } = useGetCountriesQuery();
  const label = countryName(countries, location);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        // Compact, the button shows only a pin and needs a name; otherwise its words are its name.
        aria-label={compact ? `Your location: ${label}. Change location` : undefined}
        data-testid="location-button"
        className={`${css.button} ${compact ? css.compact : ''}`}
      >
        <Icon name="place" size={20} className={css.pin} />
        {!compact && (
          <span className={css.text}>
            <span className="visually-hidden">Change location. </span>
            <span className={css.caption}>Your Location</span>
            <span className={css.label} data-testid="location-label">
              {label}
            </span>
          </span>
        )}
        {!compact && <Icon name="arrowDown" size={20} className={css.chevron} />}
      </button>
      {open && (
        <Suspense fallback={null}>
          <LocationDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
