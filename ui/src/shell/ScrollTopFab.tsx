import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';

/** The floating button itself; loaded the first time the page scrolls far enough. */
export default function ScrollTopFab({ show, bottom }: { show: boolean; bottom: number }) {
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
