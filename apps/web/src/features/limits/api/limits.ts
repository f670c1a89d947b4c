import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { limitEditorTexts, limitScheduleResponseSchema, type LimitVersionInput } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

export const limitsQueryKey = ['limits', 'schedule'] as const;

/** `GET /limits` (decision 227): the version in force, the coming ones, the past ones. */
export async function getLimits(http: HttpClient, signal?: AbortSignal) {
  const answer = await http.get<unknown>('/limits', { envelope: true, signal });
  return limitScheduleResponseSchema.parse(answer).data;
}

export function useLimits() {
  const http = useHttp();
  return useQuery({
    queryKey: limitsQueryKey,
    queryFn: ({ signal }) => getLimits(http, signal),
    meta: { errorFallback: limitEditorTexts.loadFailed },
  });
}

/** `POST /limits/versions`: a new version, now or from a chosen moment; answers the schedule. */
export function useCreateLimitVersionMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LimitVersionInput) =>
      limitScheduleResponseSchema.parse(
        await http.post<unknown>('/limits/versions', input, { envelope: true }),
      ).data,
    // The form shows the refusal under its fields itself.
    meta: { errorToast: false },
    onSuccess: (schedule) => queryClient.setQueryData(limitsQueryKey, schedule),
  });
}

/** `POST /limits/versions/{id}/cancel`: a coming version; 409 once its time has come. */
export function useCancelLimitVersionMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      limitScheduleResponseSchema.parse(
        await http.post<unknown>(`/limits/versions/${encodeURIComponent(id)}/cancel`, undefined, {
          envelope: true,
        }),
      ).data,
    // The dialog shows the refusal itself.
    meta: { errorToast: false },
    // Refused or not, the schedule is read again: a refusal means the version took effect meanwhile.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: limitsQueryKey });
    },
  });
}
