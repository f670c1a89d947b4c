import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  accountStatementResponseSchema,
  commissionOperationsResponseSchema,
  commissionStatementResponseSchema,
  declarationsResponseSchema,
  largeOperationsResponseSchema,
  statementMessages,
  trialBalanceResponseSchema,
} from '@lajan/domain';
import { saveBlob } from '../../../components/history/api';
import { useHttp } from '../../../lib/http-context';
import { moneyQueryKeys } from '../../../lib/query-keys';

/** A report's filters as the address holds them; a blank one is left out of the call. */
export type ReportQuery = Record<string, string | number | undefined>;

function cleaned(query: ReportQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value.trim() : value;
    if (text !== '') out[name] = text;
  }
  return out;
}

export const REPORT_PER_PAGE = 20;

/** `GET /reports/commissions`: the statement by type (and by agent for the network). */
export function useCommissionStatement(query: ReportQuery) {
  const http = useHttp();
  return useQuery({
    queryKey: ['reports', 'commissions', cleaned(query)],
    queryFn: async ({ signal }) =>
      commissionStatementResponseSchema.parse(
        await http.get<unknown>('/reports/commissions', { query: cleaned(query), envelope: true, signal }),
      ).data,
    placeholderData: keepPreviousData,
    throwOnError: false,
    meta: { errorFallback: statementMessages.loadFailed },
  });
}

/** `GET /reports/commissions/operations`: a page of the operations behind it, oldest first. */
export function useCommissionOperations(query: ReportQuery, page: number) {
  const http = useHttp();
  const params = cleaned({ ...query, page, per_page: REPORT_PER_PAGE });
  return useQuery({
    queryKey: ['reports', 'commissions', 'operations', params],
    queryFn: async ({ signal }) =>
      commissionOperationsResponseSchema.parse(
        await http.get<unknown>('/reports/commissions/operations', { query: params, envelope: true, signal }),
      ),
    placeholderData: keepPreviousData,
    throwOnError: false,
    meta: { errorFallback: statementMessages.loadFailed },
  });
}

export function useTrialBalance() {
  const http = useHttp();
  return useQuery({
    queryKey: ['reports', 'trial-balance'],
    queryFn: async ({ signal }) =>
      trialBalanceResponseSchema.parse(
        await http.get<unknown>('/reports/trial-balance', { envelope: true, signal }),
      ).data,
    staleTime: 0,
    throwOnError: false,
    meta: { errorFallback: statementMessages.loadFailed },
  });
}

export function useLargeOperations(query: ReportQuery, page: number) {
  const http = useHttp();
  const params = cleaned({ ...query, page, per_page: REPORT_PER_PAGE });
  return useQuery({
    queryKey: ['reports', 'large-operations', params],
    queryFn: async ({ signal }) =>
      largeOperationsResponseSchema.parse(
        await http.get<unknown>('/reports/large-operations', { query: params, envelope: true, signal }),
      ),
    placeholderData: keepPreviousData,
    throwOnError: false,
    meta: { errorFallback: statementMessages.loadFailed },
  });
}

/** `GET /reports/declarations` (decision 228): a Haiti day's cash of each person over the threshold. */
export function useDeclarations(query: ReportQuery) {
  const http = useHttp();
  const params = cleaned(query);
  return useQuery({
    queryKey: ['reports', 'declarations', params],
    queryFn: async ({ signal }) =>
      declarationsResponseSchema.parse(
        await http.get<unknown>('/reports/declarations', { query: params, envelope: true, signal }),
      ).data,
    // Identity files whole: dropped from memory once the page is left; shown again, read again (and audited).
    gcTime: 0,
    placeholderData: keepPreviousData,
    throwOnError: false,
    meta: { errorToast: false },
  });
}

/**
 * A statement (decision 148's shape), asked only while `enabled`. The screen shows a failure itself (an
 * unknown account or agent beside its field), so no toast.
 */
function useStatement(path: string, query: ReportQuery, page: number, enabled: boolean) {
  const http = useHttp();
  const params = cleaned({ ...query, page, per_page: REPORT_PER_PAGE });
  return useQuery({
    queryKey: moneyQueryKeys.statementOf(path, params),
    queryFn: async ({ signal }) =>
      accountStatementResponseSchema.parse(
        await http.get<unknown>(path, { query: params, envelope: true, signal }),
      ),
    enabled,
    placeholderData: keepPreviousData,
    throwOnError: false,
    meta: { errorToast: false },
  });
}

/** `GET /reports/accounts/{accountNumber}/statement`; nothing asked until a number is given. */
export function useAccountStatement(accountNumber: string, query: ReportQuery, page: number) {
  return useStatement(
    `/reports/accounts/${encodeURIComponent(accountNumber)}/statement`,
    query,
    page,
    accountNumber !== '',
  );
}

/**
 * `GET /reports/float/statement` (decision 191): an administrator's own agent's float, or the agent of
 * `agentCode` for the super administrator; nothing asked while `enabled` is false (no code yet).
 */
export function useFloatStatement(query: ReportQuery, page: number, enabled: boolean) {
  return useStatement('/reports/float/statement', query, page, enabled);
}

/** The UTF-8 byte order mark: a spreadsheet reads the accents of the CSV only with it. */
const BOM = '\ufeff';

/**
 * A report's CSV through the API client (decision 096: the bearer token never travels in a link), saved
 * from a Blob; `text()` drops the BOM, so it is put back.
 */
export function useCsvExport() {
  const http = useHttp();
  return useMutation({
    mutationFn: async ({ path, query, fileName }: { path: string; query: ReportQuery; fileName: string }) => {
      const text = await http.get<unknown>(path, {
        query: cleaned(query),
        headers: { Accept: 'text/csv' },
        envelope: true,
      });
      const csv = typeof text === 'string' ? text : '';
      // Saved here and not returned: the mutation cache keeps no copy of a file of customers.
      saveBlob(
        new Blob([csv.startsWith(BOM) ? csv : `${BOM}${csv}`], { type: 'text/csv;charset=utf-8' }),
        fileName,
      );
    },
    meta: { errorFallback: statementMessages.exportFailed },
  });
}
