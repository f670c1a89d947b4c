import { useEffect, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { userMessages, usernameSchema } from '@lajan/domain';
import type { HttpClient } from '../../lib/http';
import { useHttp } from '../../lib/http-context';

/** The uniqueness check waits 800 ms after the last keystroke. */
export const UNIQUENESS_DEBOUNCE_MS = 800;

/** "Ce nom d'utilisateur existe déjà", read when said, in the screens' language (decision 236). */
export function usernameTakenMessage(): string {
  return userMessages.usernameTaken;
}

/** `POST /users/check-unique/` `{ field: 'username', value }` → `{ exists }`. */
export async function checkUsernameExists(
  http: HttpClient,
  value: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const answer = await http.post<{ exists: boolean }>(
    '/users/check-unique/',
    { field: 'username', value },
    { signal },
  );
  return answer.exists === true;
}

const usernameCheckKey = (value: string) => ['users', 'check-unique', value] as const;

function checkOptions(http: HttpClient, value: string) {
  return {
    queryKey: usernameCheckKey(value),
    queryFn: ({ signal }: { signal: AbortSignal }) => checkUsernameExists(http, value, signal),
    // A name taken a minute ago is still taken; a free one is checked again by the server on save.
    staleTime: 60_000,
    retry: false,
    throwOnError: false,
    meta: { errorToast: false },
  } as const;
}

/**
 * The check a wizard runs before leaving its step: the cached answer when there is one, else a call.
 * A failed check lets the person go on: the server refuses a duplicate on save anyway (409).
 */
export async function isUsernameTaken(
  queryClient: QueryClient,
  http: HttpClient,
  value: string,
): Promise<boolean> {
  try {
    return await queryClient.fetchQuery(checkOptions(http, value.trim()));
  } catch {
    return false;
  }
}

/**
 * Checks a username as it is typed, 800 ms after the last keystroke, once it is a valid username.
 * `taken` is true, false, or undefined while unknown.
 */
export function useUsernameCheck(value: string) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const trimmed = value.trim();
  const [settled, setSettled] = useState(trimmed);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(trimmed), UNIQUENESS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);

  const checkable = settled === trimmed && usernameSchema.safeParse(settled).success;
  const query = useQuery({ ...checkOptions(http, settled), enabled: checkable });
  return {
    taken: checkable && query.isSuccess ? query.data : undefined,
    checking: checkable && query.isFetching,
    /** For the step's validation: checks now (or reads the cache) without waiting for the debounce. */
    checkNow: () => isUsernameTaken(queryClient, http, trimmed),
  };
}
