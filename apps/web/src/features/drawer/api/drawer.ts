import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  drawerSessionSchema,
  drawerSessionsResponseSchema,
  drawerTexts,
  drawerTicketSchema,
  drawerVerificationResponseSchema,
  type DrawerCounts,
} from '@lajan/domain';
import { useHttp } from '../../../lib/http-context';
import { currentDrawerQueryKey } from '../../../components/drawer-notice/DrawerClosedNotice';

/** `POST /drawer/open`, then the money screens see the drawer open. */
export function useOpenDrawer() {
  const http = useHttp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (counts: Partial<DrawerCounts>) =>
      drawerSessionSchema.parse(await http.post<unknown>('/drawer/open', { counts })),
    onSuccess: (session) => client.setQueryData(currentDrawerQueryKey, session),
  });
}

/** `POST /drawer/close`: the blind count; the answer is the first time the expected amount is shown. */
export function useCloseDrawer() {
  const http = useHttp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (counts: Partial<DrawerCounts>) =>
      drawerTicketSchema.parse(await http.post<unknown>('/drawer/close', { counts })),
    onSuccess: () => client.setQueryData(currentDrawerQueryKey, null),
  });
}

export function useDrawerTicket(id: string) {
  const http = useHttp();
  return useQuery({
    queryKey: ['drawer', 'ticket', id],
    queryFn: async ({ signal }) =>
      drawerTicketSchema.parse(
        await http.get<unknown>(`/drawer/sessions/${encodeURIComponent(id)}`, { signal }),
      ),
    meta: { errorFallback: drawerTexts.loadFailed },
  });
}

export function useVerifyDrawer(id: string) {
  const http = useHttp();
  return useMutation({
    mutationFn: async () =>
      drawerVerificationResponseSchema.shape.data.parse(
        await http.get<unknown>(`/drawer/sessions/${encodeURIComponent(id)}/verify`),
      ),
  });
}

export function useDrawerSessions(date: string) {
  const http = useHttp();
  return useQuery({
    queryKey: ['drawer', 'sessions', date],
    queryFn: async ({ signal }) =>
      drawerSessionsResponseSchema.shape.data.parse(
        await http.get<unknown>('/drawer/sessions', { query: { date }, signal }),
      ),
    staleTime: 0,
    meta: { errorFallback: drawerTexts.loadFailed },
  });
}

export function useAcknowledgeDrawer() {
  const http = useHttp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      drawerTicketSchema.parse(
        await http.post<unknown>(`/drawer/sessions/${encodeURIComponent(id)}/acknowledge`),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['drawer'] }),
  });
}

/** `POST /drawer/sessions/{id}/acknowledge-opening`: an opening's difference, by the agent's administrator. */
export function useAcknowledgeOpening() {
  const http = useHttp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      drawerTicketSchema.parse(
        await http.post<unknown>(`/drawer/sessions/${encodeURIComponent(id)}/acknowledge-opening`),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['drawer'] }),
  });
}

/** `POST /drawer/sessions/{id}/close`: an administrator closes a teller's drawer with her own count. */
export function useCloseTellerDrawer() {
  const http = useHttp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, counts }: { id: string; counts: Partial<DrawerCounts> }) =>
      drawerTicketSchema.parse(
        await http.post<unknown>(`/drawer/sessions/${encodeURIComponent(id)}/close`, { counts }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['drawer'] }),
  });
}
