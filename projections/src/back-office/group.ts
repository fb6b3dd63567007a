import { READ_MODELS } from '@shop/contracts';
import { combineProjections } from '../cart/shopper-group.ts';
import { customerProjection } from '../customers/projection.ts';
import { backOfficeProjection } from './projection.ts';

/**
 * The back office's read models as one projection (one loop, one checkpoint): orders and the
 * dashboard, and the customers list. Both follow the whole log in order.
 */
export const backOfficeGroup = combineProjections(READ_MODELS.backOffice, [backOfficeProjection, customerProjection]);
