import { useMutation } from '@tanstack/react-query';
import { genericMessages, readLoginAnswer, type LoginInput, type LoginResponse } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

/** `POST /auth/login` answers `{ data: { access_token, token_type, expires_in, user } }`; only the token is kept. */
export type LoginAnswer = LoginResponse['data'];

export async function login(http: HttpClient, input: LoginInput): Promise<LoginAnswer> {
  // A 401 here means wrong credentials, shown on the form; it must not bounce to /login.
  const answer = await http.post<unknown>('/auth/login', input, {
    redirectOnUnauthorized: false,
    redirectOnForbidden: false,
  });
  const read = readLoginAnswer(answer);
  if (!read) throw new Error(genericMessages.failure);
  return read;
}

export function useLoginMutation() {
  const http = useHttp();
  return useMutation({
    mutationFn: (input: LoginInput) => login(http, input),
    meta: { errorToast: false },
  });
}
