import Skeleton from '@mui/material/Skeleton';
import css from './card.module.css';

/**
 * The text rows of a loading card: the same heights as a ready card's rows, so nothing moves.
 * Plain CSS bars (the picture area keeps MUI's Skeleton): a listing shows dozens at once.
 */
export function SkeletonRows() {
  const bar = (width: string) => <span className={css.bar} style={{ width }} />;
  return (
    <>
      <div className={css.skName}>{bar('85%')}</div>
      <div className={css.skBrand}>{bar('45%')}</div>
      <div className={css.skRating}>{bar('55%')}</div>
      <div className={css.skPrice}>{bar('65%')}</div>
      <div className={css.skStock}>{bar('35%')}</div>
    </>
  );
}

/** The card's loading shape while its data is on the way; the same box as a ready card. */
export function CardSkeleton() {
  return (
    <div className={css.card} data-testid="card-loading">
      <div className={css.media}>
        <Skeleton variant="rectangular" width="100%" height="100%" className={css.fill} />
      </div>
      <div className={css.body}>
        <SkeletonRows />
      </div>
    </div>
  );
}
