import { shopApi } from '../api/shopApi.ts';
import type { AuditReport } from '../api/types.ts';

/** What an auditor can look at: a cart (by its user id) or an order (by its order id). */
export type AuditKind = 'cart' | 'order';

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
