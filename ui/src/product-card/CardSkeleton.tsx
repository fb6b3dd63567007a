import Skeleton from '@mui/material/Skeleton';
import css from './card.module.css';

/** The text rows of a loading card: the same heights as a ready card's rows, so nothing moves. */
export function SkeletonRows() {
  return (
    <>
      <div className={css.skName}>
        <Skeleton variant="text" width="85%" height="100%" />
      </div>
      <div className={css.skBrand}>
        <Skeleton variant="text" width="45%" height="100%" />
      </div>
      <div className={css.skRating}>
        <Skeleton variant="text" width="55%" height="100%" />
      </div>
      <div className={css.skPrice}>
        <Skeleton variant="rounded" width="65%" height="100%" />
      </div>
      <div className={css.skStock}>
        <Skeleton variant="text" width="35%" height="100%" />
      </div>
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
