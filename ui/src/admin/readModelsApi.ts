import type { LogSealingStatus } from '@shop/contracts';
import { shopApi } from '../api/shopApi.ts';

/** How far a rebuild has come (positions as strings: the log's positions are 64-bit). */
export interface ReadModelProgress {
  phase: 'replaying' | 'indexing' | 'holding' | 'swapping' | 'comparing' | 'done' | 'failed';
  /** Events read from the log so far. */
  events: number;
  position: string;
  head: string;
  /** Estimated seconds left; null until the rate can be told. */
  etaSeconds: number | null;
  /** 0..1, by log position. */
  fraction: number;
}

/**
 * One read model: `current` (built by this code from this log), `rebuilding` here, `waiting`
 * (another process holds its rebuild, or it is queued behind another here) or `failed` (the last
 * rebuild failed; the server tries again).
 */
export interface ReadModelRow {
  name: string;
  version: number;
  position: string;
  state: 'current' | 'rebuilding' | 'waiting' | 'failed';
  /** Why it is rebuilt; null once current. */
  reason: string | null;
  error: string | null;
  progress: ReadModelProgress | null;
}

/** `GET /api/admin/projections` (read-api/src/admin/projection-routes.ts). */
export interface ReadModelsReply {
  head: string;
  /** Every read model is current. */
  ready: boolean;
  projections: ReadModelRow[];
  /** A log an older release wrote with people in clear, sealed by the shop at start-up: erasure waits for it. */
  logSealing?: LogSealingStatus | null;
}

/** The read models' standing, for the dashboard; never cached, as it changes by the second while a rebuild runs. */
export const readModelsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getReadModels: build.query<ReadModelsReply, void>({
      query: () => '/admin/projections',
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetReadModelsQuery } = readModelsApi;
