import type { CSSProperties } from 'react';

export interface ImgProps {
  src: string | undefined;
  alt: string;
  /** Intrinsic size: reserves the box (aspect ratio) before the picture arrives, so nothing shifts. */
  width: number;
  height: number;
  /** Above-the-fold pictures load eagerly with high priority; everything else lazily. */
  priority?: boolean;
  fit?: 'cover' | 'contain';
  className?: string;
  style?: CSSProperties;
  sizes?: string;
}

/** A responsive picture with a fixed aspect ratio: full width of its box, lazy unless `priority`. */
export function Img({ src, alt, width, height, priority = false, fit = 'cover', className, style, sizes }: ImgProps) {
  return (
    <img
      src={src || '/banner-placeholder.svg'}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      className={className}
      style={{ display: 'block', width: '100%', height: 'auto', aspectRatio: `${width} / ${height}`, objectFit: fit, ...style }}
    />
  );
}
