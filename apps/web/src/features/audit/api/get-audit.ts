import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  auditEntrySchema,
  auditFailureMessages,
  listResponseSchema,
  type AuditEntryView,
  type ListPage,
} from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { moneyQueryKeys } from '../../../lib/query-keys';

export const AUDIT_PER_PAGE = 20;

export type AuditPage = ListPage<AuditEntryView>;

/** The filters of `GET /audit` (decision 133): a blank one is left out. */
export interface AuditFilters {
  user?: string;
  action?: string;
  agent?: string;
  from?: string;
  to?: string;
}

export const auditFilterNames = ['user', 'action', 'agent', 'from', 'to'] as const;

const auditListSchema = listResponseSchema(auditEntrySchema);

/** `GET /audit?page&per_page&user&action&agent&from&to`, newest first. */
export async function getAudit(
  http: HttpClient,
  page: number,
  filters: AuditFilters = {},
): Promise<AuditPage> {
  const query: Record<string, string | number> = { page, per_page: AUDIT_PER_PAGE };
  for (const name of auditFilterNames) {
    const value = filters[name]?.trim();
    if (value) query[name] = value;
  }
  const answer = await http.get<unknown>('/audit', { query, envelope: true });
  return auditListSchema.parse(answer);
}

export function useAuditQuery(page: number, filters: AuditFilters = {}) {
  const http = useHttp();
  return useQuery(
    queryOptions({
      queryKey: moneyQueryKeys.auditPage({ page, ...filters }),
      queryFn: () => getAudit(http, page, filters),
      placeholderData: keepPreviousData,
      // The trail grows with every write: always fresh when the page opens.
      staleTime: 0,
      meta: { errorFallback: auditFailureMessages.list },
    }),
  );
}
