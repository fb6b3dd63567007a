import css from './PageFallback.module.css';

/** Shown while a page's code loads: as tall as a screen, so the footer does not flash up and jump. */
export function PageFallback() {
  return (
    <div className={css.fallback} aria-busy="true">
      <span className={css.spinner} role="progressbar" aria-label="Loading page" />
    </div>
  );
}
