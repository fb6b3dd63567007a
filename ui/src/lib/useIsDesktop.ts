import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_BREAKPOINT } from './constants.ts';

/** Wide screen (992 px and up); below it the shell switches to hamburger and bottom bar. */
export function useIsDesktop(): boolean {
  return useMediaQuery(`(min-width:${MOBILE_BREAKPOINT}px)`, { noSsr: true });
}
