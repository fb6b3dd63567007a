import Box from '@mui/material/Box';
import { useState, type MouseEvent } from 'react';
import Zoom from 'react-medium-image-zoom';
import 'react-medium-image-zoom/dist/styles.css';

const SCALE = 2.2;

/**
 * Magnifies the picture under the pointer while hovering (transform-origin follows the cursor);
 * a click opens it full screen with react-medium-image-zoom.
 */
export function HoverZoom({ src, alt, priority = false }: { src: string; alt: string; priority?: boolean }) {
  const [origin, setOrigin] = useState<string | null>(null);
  const move = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - rect.left) / rect.width) * 100;
    const y = ((event.clientY - rect.top) / rect.height) * 100;
    setOrigin(`${x.toFixed(1)}% ${y.toFixed(1)}%`);
  };
  return (
    <Box
      onMouseMove={move}
      onMouseLeave={() => setOrigin(null)}
      onMouseDown={() => setOrigin(null)}
      data-testid="hover-zoom"
      data-zoomed={origin ? 'true' : 'false'}
      sx={{ position: 'relative', width: '100%', aspectRatio: '1 / 1', overflow: 'hidden', cursor: 'zoom-in', bgcolor: '#f1f4fa' }}
    >
      <Box sx={{ width: '100%', height: '100%', transition: origin ? 'transform .08s' : 'transform .25s', transform: origin ? `scale(${SCALE})` : 'none', transformOrigin: origin ?? '50% 50%' }}>
        <Zoom zoomMargin={24} a11yNameButtonZoom={`Expand ${alt}`}>
          <img
            src={src}
            alt={alt}
            width={800}
            height={800}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
          />
        </Zoom>
      </Box>
    </Box>
  );
}
