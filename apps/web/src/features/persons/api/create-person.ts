import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personSchema, type Person, type PersonData } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { defaultErrorFallback } from '../../../lib/query-client';
import { personQueryKeys } from '../../../components/persons/api';

/** `POST /persons` → 201 `{ data: person }`; 409 / 422 carry `errors` by field. */
export async function createPerson(http: HttpClient, input: PersonData): Promise<Person> {
  const answer = await http.post<unknown>('/persons', input);
  return personSchema.parse(answer);
}

export function useCreatePersonMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PersonData) => createPerson(http, input),
    // Field errors go onto the form; a message without fields is also toasted.
    meta: { errorFallback: defaultErrorFallback() },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personQueryKeys.all }),
  });
}
