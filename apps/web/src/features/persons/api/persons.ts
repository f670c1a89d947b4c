import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fullPersonSchema,
  listResponseSchema,
  personFailureMessages,
  personViewSchema,
  type FullPerson,
  type ListPage,
  type PersonView,
  type UpdatePersonInput,
} from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { personQueryKeys } from '../../../components/persons/api';

export const PERSONS_PAGE_SIZE = 20;

const keys = {
  list: (term: string, page: number) => [...personQueryKeys.all, 'list', term, page] as const,
  one: (id: string) => [...personQueryKeys.all, 'one', id] as const,
};

const personListSchema = listResponseSchema(personViewSchema);

/** `GET /persons?q=&page=`: a page of persons, each whole or masked as the server decides, and the total. */
export async function listPersons(
  http: HttpClient,
  term: string,
  page: number,
  signal?: AbortSignal,
): Promise<ListPage<PersonView>> {
  const answer = await http.get<unknown>('/persons', {
    query: { ...(term ? { q: term } : {}), page, per_page: PERSONS_PAGE_SIZE },
    signal,
    envelope: true,
  });
  return personListSchema.parse(answer);
}

/** The page on screen stays while the next one loads (`isPlaceholderData`). */
export function usePersonsListQuery(term: string, page: number) {
  const http = useHttp();
  return useQuery({
    queryKey: keys.list(term, page),
    queryFn: ({ signal }) => listPersons(http, term, page, signal),
    placeholderData: keepPreviousData,
    throwOnError: false,
    meta: { errorFallback: personFailureMessages.list },
  });
}

/** `GET /persons/{id}`: reading the whole file is audited by the server. */
export async function getPerson(http: HttpClient, id: string, signal?: AbortSignal): Promise<PersonView> {
  return personViewSchema.parse(await http.get<unknown>(`/persons/${encodeURIComponent(id)}`, { signal }));
}

export function usePersonQuery(id: string) {
  const http = useHttp();
  return useQuery({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => getPerson(http, id, signal),
    throwOnError: false,
    staleTime: 0,
    meta: { errorFallback: personFailureMessages.read },
  });
}

/** `PUT /persons/{id}`: the whole form; 403 when the caller may not change it, 409 / 422 by field. */
export async function updatePerson(
  http: HttpClient,
  id: string,
  input: UpdatePersonInput,
): Promise<FullPerson> {
  return fullPersonSchema.parse(await http.put<unknown>(`/persons/${encodeURIComponent(id)}`, input));
}

export function useUpdatePersonMutation(id: string) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePersonInput) => updatePerson(http, id, input),
    // Field errors go onto the form; the page shows the rest.
    meta: { errorToast: false },
    // The person behind a user is shown by the users' screens and the signed-in user's menu too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: personQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['auth', 'current-user'] }),
      ]),
  });
}

/** `DELETE /persons/{id}`: only while nothing refers to the person (409 otherwise). */
export async function deletePerson(http: HttpClient, id: string): Promise<void> {
  await http.delete<unknown>(`/persons/${encodeURIComponent(id)}`);
}

export function useDeletePersonMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePerson(http, id),
    meta: { errorFallback: personFailureMessages.delete },
    // Deleted or refused (a reference written since the list was read): the list is read again either way, so
    // that "Supprimer" follows what the server now says (canDelete).
    onSettled: () => queryClient.invalidateQueries({ queryKey: personQueryKeys.all }),
  });
}
