import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_BREAKPOINT } from './constants.ts';

/** The server's first-screen render is the wide-screen layout (index.html hides it on narrow windows). */
const ON_SERVER = typeof window === 'undefined';

/** Wide screen (992 px and up); below it the shell switches to hamburger and bottom bar. */
export function useIsDesktop(): boolean {
  return useMediaQuery(`(min-width:${MOBILE_BREAKPOINT}px)`, { noSsr: true, defaultMatches: ON_SERVER });
}
