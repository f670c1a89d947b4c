import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  mfaEnrolmentResponseSchema,
  mfaRecoveryCodesResponseSchema,
  mfaStatusResponseSchema,
  type MfaDisableInput,
} from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

// The signed-in user's second factor (decision 203).

const statusKey = ['auth', 'mfa'] as const;

export function useMfaStatusQuery() {
  const http = useHttp();
  return useQuery(
    queryOptions({
      queryKey: statusKey,
      queryFn: async () => mfaStatusResponseSchema.shape.data.parse(await http.get<unknown>('/auth/mfa')),
      meta: { errorToast: false },
    }),
  );
}

export async function startEnrolment(http: HttpClient) {
  return mfaEnrolmentResponseSchema.shape.data.parse(await http.post<unknown>('/auth/mfa/enrol'));
}

export function useStartEnrolmentMutation() {
  const http = useHttp();
  return useMutation({ mutationFn: () => startEnrolment(http), meta: { errorToast: false } });
}

export function useConfirmEnrolmentMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      mfaRecoveryCodesResponseSchema.shape.data.parse(
        await http.post<unknown>('/auth/mfa/enrol/confirm', { code }),
      ),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

export function useDisableMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MfaDisableInput) => http.post<unknown>('/auth/mfa/disable', input),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}
