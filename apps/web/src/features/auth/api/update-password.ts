import { useMutation } from '@tanstack/react-query';
import {
  authMessages,
  updatePasswordResponseSchema,
  type UpdatePasswordInput,
  type UpdatePasswordResponse,
} from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

export type UpdatePasswordAnswer = UpdatePasswordResponse['data'];
const updatePasswordAnswerSchema = updatePasswordResponseSchema.shape.data;

/**
 * `POST /users/update-password`; every other token of the user stops working afterwards, and the
 * answer carries a fresh one for the caller (decision 133).
 */
export async function updatePassword(
  http: HttpClient,
  input: UpdatePasswordInput,
): Promise<UpdatePasswordAnswer> {
  return updatePasswordAnswerSchema.parse(await http.post<unknown>('/users/update-password', input));
}

export function useUpdatePasswordMutation() {
  const http = useHttp();
  return useMutation({
    mutationFn: (input: UpdatePasswordInput) => updatePassword(http, input),
    // A password refused is said under its field, once (decision 214).
    meta: {
      errorFallback: authMessages.passwordUpdateFailed,
      fieldsShown: ['current_password', 'password', 'password_confirmation'],
    },
  });
}
