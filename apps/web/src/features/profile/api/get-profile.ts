import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentRole, Gender, IdDocumentType, MaritalStatus, Role } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

/** The signed-in user with the fields of its person, as `GET /users/{id}` answers it. */
export interface Profile {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  dob: string | null;
  gender: Gender | null;
  maritalStatus: MaritalStatus | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  idDocumentType: IdDocumentType | null;
  idDocumentNumber: string | null;
  role: Role;
  isSuperAdmin: boolean;
  agent: { code: string; name: string; role: AgentRole } | null;
  passwordUpdatedAt: string | null;
  createdAt: string;
}

/** `GET /users/{id}` of the signed-in user. */
export function getProfile(http: HttpClient, id: string): Promise<Profile> {
  return http.get<Profile>(`/users/${encodeURIComponent(id)}`);
}

export function useProfileQuery(id: string) {
  const http = useHttp();
  return useQuery(
    queryOptions({
      // The users feature caches the same answer under this key.
      queryKey: ['users', 'detail', id],
      queryFn: () => getProfile(http, id),
      meta: { errorToast: false },
    }),
  );
}
