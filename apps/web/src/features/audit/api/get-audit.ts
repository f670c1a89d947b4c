import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  auditEntrySchema,
  auditFailureMessages,
  listResponseSchema,
  type AuditEntryView,
  type ListMeta,
} from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

export const AUDIT_PER_PAGE = 20;

export interface AuditPage {
  data: AuditEntryView[];
  meta: ListMeta;
}

const auditListSchema = listResponseSchema(auditEntrySchema);

/** `GET /audit?page&per_page`, newest first. */
export async function getAudit(http: HttpClient, page: number): Promise<AuditPage> {
  const answer = await http.get<unknown>('/audit', { query: { page, per_page: AUDIT_PER_PAGE }, envelope: true });
  return auditListSchema.parse(answer);
}

export function useAuditQuery(page: number) {
  const http = useHttp();
  return useQuery(
    queryOptions({
      queryKey: ['audit', { page }],
      queryFn: () => getAudit(http, page),
      placeholderData: keepPreviousData,
      // The trail grows with every write: always fresh when the page opens.
      staleTime: 0,
      meta: { errorFallback: auditFailureMessages.list },
    }),
  );
}
