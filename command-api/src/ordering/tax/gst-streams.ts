import { gstDocumentNumber, gstEventSchemas, gstStreams, type GstEventMap, type TaxClass } from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../../shared/decider.ts';
import { streamType } from '../../shared/stream-type.ts';

type GstEv<K extends keyof GstEventMap> = DomainEvent<K, GstEventMap[K]>;

/** A series of document numbers in one financial year: which order holds which number, and how many are taken. */
export interface SeriesState {
  taken: number;
  byOrder: ReadonlyMap<string, string>;
}

/** Takes the next number for an order; an order that already holds one keeps it (a retry never skips a number). */
export type SeriesCommand = { type: 'TakeNumber'; orderId: string; prefix: string; financialYear: string };

export const seriesDecider: Decider<SeriesState, SeriesCommand, GstEv<'GstNumberTaken'>> = {
  initialState: { taken: 0, byOrder: new Map() },
  evolve(state, event) {
    const byOrder = new Map(state.byOrder);
    byOrder.set(event.data.orderId, event.data.number);
    return { taken: event.data.sequence, byOrder };
  },
  decide(command, state) {
    if (state.byOrder.has(command.orderId)) return [];
    const sequence = state.taken + 1;
    if (sequence > 999_999) throw new DomainError('conflict', `The ${command.financialYear} series ${command.prefix} is full`);
    return [{ type: 'GstNumberTaken', data: { orderId: command.orderId, sequence, number: gstDocumentNumber(command.prefix, command.financialYear, sequence) } }];
  },
};

/**
 * A series (`gst-series-invoice-26-27`): every number is taken by an append that names the
 * revision it was decided on, so two processes taking one at once cannot both get it; the loser
 * decides again on a fresh read and gets the next.
 */
export const seriesStream = streamType<SeriesState, SeriesCommand, GstEv<'GstNumberTaken'>, ['invoice' | 'credit-note', string]>({
  kind: 'gst-series',
  decider: seriesDecider,
  streamId: gstStreams.series,
  schemas: { GstNumberTaken: gstEventSchemas.GstNumberTaken },
});

export type TaxClassCommand = { type: 'SetTaxClass'; setBy: string } & TaxClass;

/** A product's or category's tax class, as an admin last set it (null: never set). */
export const taxClassDecider: Decider<TaxClass | null, TaxClassCommand, GstEv<'TaxClassSet'>> = {
  initialState: null,
  evolve: (_state, event) => ({ hsn: event.data.hsn, ratePercent: event.data.ratePercent }),
  decide(command, state) {
    if (state && state.hsn === command.hsn && state.ratePercent === command.ratePercent) return [];
    return [{ type: 'TaxClassSet', data: { hsn: command.hsn, ratePercent: command.ratePercent, setBy: command.setBy } }];
  },
};

/** `tax-class-product-<id>` / `tax-class-category-<id>`: apart from the catalog's own streams, whose events other features version. */
export const taxClassStream = streamType<TaxClass | null, TaxClassCommand, GstEv<'TaxClassSet'>, ['product' | 'category', string]>({
  kind: 'tax-class',
  decider: taxClassDecider,
  streamId: gstStreams.taxClass,
  schemas: { TaxClassSet: gstEventSchemas.TaxClassSet },
});
