import { useQuery } from '@tanstack/react-query';
import { can, drawerCurrentResponseSchema, drawerTexts } from '@lajan/domain';
import { Link, useLocation } from 'react-router';
import { useHttp } from '../../lib/http-context';
import { useSession } from '../../lib/session-context';
import { Alert } from '../Alert';

/** `GET /drawer`: the signed-in teller's open drawer, or null (decision 149). */
export const currentDrawerQueryKey = ['drawer', 'current'] as const;

export function useCurrentDrawer(enabled = true) {
  const http = useHttp();
  return useQuery({
    queryKey: currentDrawerQueryKey,
    queryFn: async ({ signal }) =>
      drawerCurrentResponseSchema.shape.data.parse(await http.get<unknown>('/drawer', { signal })),
    enabled,
    staleTime: 0,
    meta: { errorToast: false },
  });
}

/**
 * While the teller's drawer is closed, a cash operation's screen says so and offers to open it; `resume`
 * keeps what was typed for « Reprendre l'opération » to bring back (decision 210).
 */
export function DrawerClosedNotice({
  needed = true,
  resume,
}: {
  needed?: boolean;
  resume?: { id: string; keep: () => void } | null;
}) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const teller = can(user, 'drawer.operate');
  const drawer = useCurrentDrawer(teller);
  if (!needed || !teller || !drawer.isSuccess || drawer.data !== null) return null;
  return (
    <Alert type="warning" title={drawerTexts.closedNotice} className="mt-3">
      <p>{drawerTexts.closedNoticeText}</p>
      {/* Where the teller was: once the drawer is open, its page offers to go back there. */}
      <Link
        to="/drawer"
        state={{ from: pathname, ...(resume ? { resume: resume.id } : {}) }}
        onClick={() => resume?.keep()}
        className="mt-2 inline-block font-semibold underline"
      >
        {drawerTexts.openAction}
      </Link>
    </Alert>
  );
}
