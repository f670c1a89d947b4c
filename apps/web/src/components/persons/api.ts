import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  accountNumberOf,
  accountSchema,
  personSchema,
  uniqueCheckAnswerSchema,
  type Account,
  type IdDocumentType,
  type UniqueCheckAnswer,
  type UniquePersonField,
} from '@lajan/domain';
import { isHttpError, type HttpClient } from '../../lib/http';
import { useHttp } from '../../lib/http-context';
import { moneyQueryKeys } from '../../lib/query-keys';

/**
 * The person and account look-ups that several features share (the search modal, the person form's
 * uniqueness checks). Features import them from here, never from one another (decision 030).
 */

/** A search result: every field the API sends, the ones a list shows guaranteed. */
export const personSearchResultSchema = personSchema
  .partial()
  // `masked`: the file is another agent's customer's, shown masked (decision 111). `canEdit` and `hasUser`
  // say at the pick whether a user may be created on the person (decision 214).
  .extend({
    masked: z.boolean().optional(),
    canEdit: z.boolean().optional(),
    hasUser: z.boolean().optional(),
  })
  .required({ id: true, firstName: true, lastName: true, idDocumentType: true, idDocumentNumber: true });
export type PersonSearchResult = z.infer<typeof personSearchResultSchema>;

export const PERSON_SEARCH_PAGE_SIZE = 20;

/** `GET /persons?q=`: name, document number, phone or e-mail. */
export async function searchPersons(
  http: HttpClient,
  term: string,
  signal?: AbortSignal,
): Promise<PersonSearchResult[]> {
  const rows = await http.get<unknown>('/persons', {
    query: { q: term, page: 1, per_page: PERSON_SEARCH_PAGE_SIZE },
    signal,
  });
  return z.array(personSearchResultSchema).parse(rows);
}

/** `POST /accounts/search`: one customer account by its exact number; null when there is none (404). */
export async function searchAccount(
  http: HttpClient,
  accountNumber: string,
  signal?: AbortSignal,
): Promise<Account | null> {
  try {
    const answer = await http.post<{ account: unknown }>(
      '/accounts/search',
      { account_number: accountNumber },
      { signal },
    );
    return accountSchema.parse(answer.account);
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return null;
    throw error;
  }
}

const accountsAnswerSchema = z.object({ accounts: z.array(accountSchema) });

/**
 * The accounts a teller's term finds (decision 132): an account number is looked up exactly
 * (`account_number`, SPEC §7); anything else (a holder's phone, document or name) with `q`.
 */
export async function findAccounts(http: HttpClient, term: string, signal?: AbortSignal): Promise<Account[]> {
  const number = accountNumberOf(term);
  if (number !== null) {
    const account = await searchAccount(http, number, signal);
    return account ? [account] : [];
  }
  const answer = await http.post<unknown>('/accounts/search', { q: term.trim() }, { signal });
  return accountsAnswerSchema.parse(answer).accounts;
}

export const personQueryKeys = {
  all: ['persons'] as const,
  search: (term: string) => ['persons', 'search', term] as const,
  accountSearch: moneyQueryKeys.accountSearchOf,
};

/** The modal's person search; runs once a term is submitted. Failures are shown in the modal. */
export function usePersonSearchQuery(term: string | null) {
  const http = useHttp();
  return useQuery({
    queryKey: personQueryKeys.search(term ?? ''),
    queryFn: ({ signal }) => searchPersons(http, term ?? '', signal),
    enabled: term !== null && term !== '',
    staleTime: 0,
    throwOnError: false,
    meta: { errorToast: false },
  });
}

/** The modal's account search (`findAccounts`); runs once a term is submitted. */
export function useAccountSearchQuery(term: string | null) {
  const http = useHttp();
  return useQuery({
    queryKey: personQueryKeys.accountSearch(term ?? ''),
    queryFn: ({ signal }) => findAccounts(http, term ?? '', signal),
    enabled: term !== null && term !== '',
    staleTime: 0,
    throwOnError: false,
    meta: { errorToast: false },
  });
}

/**
 * `POST /persons/check-unique/`: whether another person already has this e-mail or phone, and who, when the
 * user may change that person (decision 214).
 */
export async function checkPersonFieldExists(
  http: HttpClient,
  field: UniquePersonField,
  value: string,
  signal?: AbortSignal,
): Promise<UniqueCheckAnswer> {
  const answer = await http.post<unknown>('/persons/check-unique/', { field, value }, { signal });
  return uniqueCheckAnswerSchema.parse(answer);
}

/** `GET /persons/check-document-unique/{number}/{type}`, answered as the check above. */
export async function checkDocumentExists(
  http: HttpClient,
  number: string,
  type: IdDocumentType,
  signal?: AbortSignal,
): Promise<UniqueCheckAnswer> {
  const answer = await http.get<unknown>(
    `/persons/check-document-unique/${encodeURIComponent(number)}/${encodeURIComponent(type)}`,
    { signal },
  );
  return uniqueCheckAnswerSchema.parse(answer);
}
