import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import type { MessageAnswer } from './forgot-password';
import { t } from '@lingui/core/macro';

/** `POST /reset-password` with `{ username, token, password, password_confirmation }`. */
export function resetPassword(http: HttpClient, input: ResetPasswordInput): Promise<MessageAnswer> {
  return http.post<MessageAnswer>('/reset-password', input, {
    redirectOnUnauthorized: false,
    redirectOnForbidden: false,
  });
}

export function useResetPasswordMutation() {
  const http = useHttp();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => resetPassword(http, input),
    // A password refused is said under its field, once (decision 214).
    meta: {
      errorFallback: t`Échec de la réinitialisation`,
      fieldsShown: ['password', 'password_confirmation'],
    },
  });
}
