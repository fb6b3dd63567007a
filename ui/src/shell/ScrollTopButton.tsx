import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import { useState } from 'react';
import { SCROLL_TOP_AT } from '../lib/constants.ts';
import { useScrolledPast } from '../lib/useScrollY.ts';

/** Appears after 500 px of scroll; smooth-scrolls back to the top. */
export function ScrollTopButton({ bottom }: { bottom: number }) {
  const show = useScrolledPast(SCROLL_TOP_AT);
  // Nothing to render (or style) until the page has been scrolled that far once.
  const [shown, setShown] = useState(show);
  if (show && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Zoom in={show}>
      <Fab
        color="primary"
        size="medium"
        aria-label="Scroll to top"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', right: 20, bottom, zIndex: 1150 }}
      >
        <KeyboardArrowUpIcon />
      </Fab>
    </Zoom>
  );
}
