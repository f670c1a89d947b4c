import { useMutation, useQueryClient } from '@tanstack/react-query';
import { feeGroupResponseSchema, type FeeType } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { feesQueryKey } from './get-fees';

/**
 * `DELETE /transactions/fees/{type}/versions/{number}` (decision 150): cancels a coming version; answers
 * the type's group. 409 `FEE_VERSION_IN_FORCE` once its time has come.
 */
export async function cancelFeeVersion(http: HttpClient, type: FeeType, number: number) {
  const answer = await http.delete<unknown>(
    `/transactions/fees/${encodeURIComponent(type)}/versions/${number}`,
    { envelope: true },
  );
  return feeGroupResponseSchema.parse(answer).data;
}

export function useCancelFeeVersionMutation(type: FeeType) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (number: number) => cancelFeeVersion(http, type, number),
    // The dialog shows the refusal itself.
    meta: { errorToast: false },
    // Refused or not, the table is read again: a refusal means the version took effect meanwhile.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: feesQueryKey });
    },
  });
}
