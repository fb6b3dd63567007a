import { shopApi } from '../api/shopApi.ts';

/** What an auditor can look at: a cart (by its user id) or an order (by its order id). */
export type AuditKind = 'cart' | 'order';

/** One event of the audited stream, as `GET /api/admin/audit/:kind/:id` lists it. */
export interface AuditEntry {
  revision: number;
  position: string;
  /** ISO time the event was recorded. */
  time: string;
  type: string;
  /** The acting user's id, or null for the system (a checkout, a recovery). */
  actor: string | null;
  correlationId: string | null;
  /** True when the event happened after the moment asked about (not in `state`). */
  afterMoment: boolean;
  fields: Record<string, unknown>;
}

export interface AuditReport {
  kind: string;
  id: string;
  stream: string;
  /** The moment the state is for (ISO), or null for "now". */
  at: string | null;
  exists: boolean;
  eventsApplied: number;
  timeline: AuditEntry[];
  state: unknown;
}

export interface AuditArgs {
  kind: AuditKind;
  id: string;
  /** ISO time with a zone; omitted for "now". */
  at?: string;
}

/**
 * The auditor's one read: a stream replayed to a moment (admins only). Reports are facts about
 * the past, so a moment's reply is kept a while; "now" is asked afresh whenever a page opens.
 */
export const auditApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getAudit: build.query<AuditReport, AuditArgs>({
      query: ({ kind, id, at }) => ({ url: `/admin/audit/${kind}/${encodeURIComponent(id)}`, params: at ? { at } : undefined }),
      keepUnusedDataFor: 120,
    }),
  }),
});

export const { useGetAuditQuery } = auditApi;
