import { READ_MODELS } from '@shop/contracts';
import { combineProjections } from '../cart/shopper-group.ts';
import { customerProjection } from '../customers/projection.ts';
import { backOfficeProjection } from './projection.ts';
import { promotionProjection } from '../promotions/projection.ts';
import { personalDataProjection } from '../personal-data/projection.ts';

/**
 * The back office's read models as one projection (one loop, one checkpoint): orders and the
 * dashboard, the customers list, the promotions with their uses, and the index of each person's
 * events their data export reads. All follow the whole log in order.
 */
export const backOfficeGroup = combineProjections(READ_MODELS.backOffice, [backOfficeProjection, customerProjection, promotionProjection, personalDataProjection]);
