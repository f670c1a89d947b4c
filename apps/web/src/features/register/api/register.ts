import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { RegisterInput } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

/** `POST /auth/register` → 201 `{ data: { user: null, token: null, reference } }`. */
const registerAnswerSchema = z.object({ reference: z.string().nullish() });
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

export async function registerAccountRequest(http: HttpClient, input: RegisterInput): Promise<RegisterAnswer> {
  const answer = await http.post<unknown>('/auth/register', input, {
    redirectOnUnauthorized: false,
    redirectOnForbidden: false,
  });
  return registerAnswerSchema.parse(answer ?? {});
}

export function useRegisterMutation() {
  const http = useHttp();
  return useMutation({
    mutationFn: (input: RegisterInput) => registerAccountRequest(http, input),
    // The wizard shows the failure itself.
    meta: { errorToast: false },
  });
}
