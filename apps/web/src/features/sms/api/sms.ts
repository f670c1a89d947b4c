import { t } from '@lingui/core/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  failedSmsSchema,
  listResponseSchema,
  smsKindSettingResponseSchema,
  smsRetryResponseSchema,
  smsSettingsResponseSchema,
  type FailedSms,
  type ListPage,
  type SmsKind,
} from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

export const FAILED_SMS_PER_PAGE = 20;

export const smsQueryKeys = {
  all: ['sms'] as const,
  settings: ['sms', 'settings'] as const,
  failed: ['sms', 'failed'] as const,
  failedPage: (page: number) => ['sms', 'failed', page] as const,
};

/** `GET /sms/settings` (decision 242): every kind and its switch. */
export async function getSmsSettings(http: HttpClient, signal?: AbortSignal) {
  return smsSettingsResponseSchema.parse(await http.get<unknown>('/sms/settings', { envelope: true, signal }))
    .data;
}

export function useSmsSettings() {
  const http = useHttp();
  return useQuery({
    queryKey: smsQueryKeys.settings,
    queryFn: ({ signal }) => getSmsSettings(http, signal),
    staleTime: 0,
    meta: { errorFallback: t`Échec du chargement des types de SMS` },
  });
}

const failedListSchema = listResponseSchema(failedSmsSchema);

/** `GET /sms/failed?page&per_page`: the failed deliveries, the latest first, numbers masked. */
export async function getFailedSms(http: HttpClient, page: number): Promise<ListPage<FailedSms>> {
  const answer = await http.get<unknown>('/sms/failed', {
    query: { page, per_page: FAILED_SMS_PER_PAGE },
    envelope: true,
  });
  return failedListSchema.parse(answer);
}

export function useFailedSms(page: number) {
  const http = useHttp();
  return useQuery({
    queryKey: smsQueryKeys.failedPage(page),
    queryFn: () => getFailedSms(http, page),
    placeholderData: keepPreviousData,
    // The sender fails SMS at any moment: always read afresh when the page opens.
    staleTime: 0,
    meta: { errorFallback: t`Échec du chargement des SMS en échec` },
  });
}

/** `PUT /sms/settings/{kind}`: switches a kind on or off; the dialog shows a refusal itself. */
export function useSetSmsKindMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, enabled }: { kind: SmsKind; enabled: boolean }) =>
      smsKindSettingResponseSchema.parse(
        await http.put<unknown>(`/sms/settings/${encodeURIComponent(kind)}`, { enabled }, { envelope: true }),
      ).data,
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: smsQueryKeys.settings }),
  });
}

/** `POST /sms/{id}/retry`: a failed SMS back in the queue; the dialog shows a refusal itself. */
export function useRetrySmsMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      smsRetryResponseSchema.parse(
        await http.post<unknown>(`/sms/${encodeURIComponent(id)}/retry`, undefined, { envelope: true }),
      ).data,
    meta: { errorToast: false },
    // Refused or not, the list is read again: a refusal may mean another operator retried it first.
    onSettled: () => queryClient.invalidateQueries({ queryKey: smsQueryKeys.failed }),
  });
}
