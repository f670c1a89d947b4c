import { useMutation } from '@tanstack/react-query';
import { authMessages, type UpdatePasswordInput } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import type { MessageAnswer } from './forgot-password';

/** `POST /users/update-password`; every token of the user stops working afterwards. */
export function updatePassword(http: HttpClient, input: UpdatePasswordInput): Promise<MessageAnswer> {
  return http.post<MessageAnswer>('/users/update-password', input);
}

export function useUpdatePasswordMutation() {
  const http = useHttp();
  return useMutation({
    mutationFn: (input: UpdatePasswordInput) => updatePassword(http, input),
    meta: { errorFallback: authMessages.passwordUpdateFailed },
  });
}
