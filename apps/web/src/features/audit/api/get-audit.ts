import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

export const AUDIT_PER_PAGE = 20;

/** One line of the audit trail (docs/contract-customers-agents.md, `GET /audit`). */
export interface AuditEntry {
  id: string;
  /** ISO 8601 with zone. */
  at: string;
  actorUsername: string | null;
  /** `domain.verb`: `auth.login`, `agents.suspend`… */
  action: string;
  target: string | null;
  ip: string | null;
  details: Record<string, unknown> | null;
}

export interface AuditPage {
  data: AuditEntry[];
  meta: { total: number; page: number; per_page: number };
}

/** `GET /audit?page&per_page`, newest first. */
export function getAudit(http: HttpClient, page: number): Promise<AuditPage> {
  return http.get<AuditPage>('/audit', { query: { page, per_page: AUDIT_PER_PAGE }, envelope: true });
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
      meta: { errorFallback: "Échec du chargement du journal d'audit" },
    }),
  );
}
