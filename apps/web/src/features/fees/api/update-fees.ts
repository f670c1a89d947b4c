import { useMutation, useQueryClient } from '@tanstack/react-query';
import { feeGroupResponseSchema, type FeeScheduleInput, type FeeType } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { feesQueryKey } from './get-fees';

/** `PUT /transactions/fees/{type}` with every band of the type: answers the new group. */
export async function updateFees(http: HttpClient, type: FeeType, input: FeeScheduleInput) {
  const answer = await http.put<unknown>(`/transactions/fees/${encodeURIComponent(type)}`, input, {
    envelope: true,
  });
  return feeGroupResponseSchema.parse(answer).data;
}

export function useUpdateFeesMutation(type: FeeType) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FeeScheduleInput) => updateFees(http, type, input),
    // The editor shows the refusal under the rows itself.
    meta: { errorToast: false },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: feesQueryKey });
    },
  });
}
