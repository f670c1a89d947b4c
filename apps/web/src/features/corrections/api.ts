import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  correctionListResponseSchema,
  correctionMessages,
  IDEMPOTENCY_HEADER,
  type Correction,
} from '@lajan/domain';
import { useHttp } from '../../lib/http-context';
import { refreshMoneyViews } from '../../lib/query-keys';

export const correctionKeys = { all: ['corrections'] as const };

/** `GET /corrections`: the user's agent's requests (all of them for a super administrator). */
export function useCorrections() {
  const http = useHttp();
  return useQuery({
    queryKey: correctionKeys.all,
    queryFn: async ({ signal }) =>
      correctionListResponseSchema.parse(await http.get<unknown>('/corrections', { envelope: true, signal }))
        .data,
    staleTime: 0,
    meta: { errorFallback: correctionMessages.failure },
  });
}

export type CorrectionAction = 'approve' | 'reject' | 'execute';

/**
 * `POST /corrections/{id}/{action}`: a posting (approve without cash, execute) carries the dialog's
 * idempotency key; its answer is the reversal, or the request when nothing was posted.
 */
export function useCorrectionAction() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      correction,
      action,
      key,
      body,
    }: {
      correction: Correction;
      action: CorrectionAction;
      key: string;
      body?: object;
    }) =>
      http.post<unknown>(`/corrections/${encodeURIComponent(correction.id)}/${action}`, body, {
        headers: { [IDEMPOTENCY_HEADER]: key },
        redirectOnForbidden: false,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: correctionKeys.all });
      refreshMoneyViews(queryClient, ['float', 'dashboard', 'history', 'accounts', 'agents']);
    },
  });
}
