import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput, MessageResponse } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { t } from '@lingui/core/macro';

/** `{ data: { message } }`, unwrapped by the client (the message may be missing from another server). */
export type MessageAnswer = Partial<MessageResponse['data']>;

/** `POST /forgot-password` with `{ username }`; the answer is the same whether or not the user exists. */
export function requestPasswordReset(http: HttpClient, input: ForgotPasswordInput): Promise<MessageAnswer> {
  return http.post<MessageAnswer>('/forgot-password', input, {
    redirectOnUnauthorized: false,
    redirectOnForbidden: false,
  });
}

export function useForgotPasswordMutation() {
  const http = useHttp();
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) => requestPasswordReset(http, input),
    meta: { errorFallback: t`Échec de l'envoi du lien` },
  });
}
