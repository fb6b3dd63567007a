import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while a page's code loads: as tall as a screen, so the footer does not flash up and jump. */
export function PageFallback() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', justifyContent: 'center', pt: 10 }} aria-busy="true">
      <CircularProgress aria-label="Loading page" />
    </Box>
  );
}
