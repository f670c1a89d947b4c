import { drawerTexts } from '@lajan/domain';
import { useParams } from 'react-router';
import { useDrawerTicket } from './api/drawer';
import { DrawerTicket } from './DrawerTicket';

/** /drawer/sessions/:id: a session's ticket, printable, with "Vérifier". */
export default function DrawerTicketPage() {
  const { id = '' } = useParams();
  const ticket = useDrawerTicket(id);
  return (
    <section className="mx-auto w-full max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{drawerTexts.ticketTitle}</h1>
      {ticket.isPending && <p role="status">…</p>}
      {ticket.isSuccess && <DrawerTicket ticket={ticket.data} />}
    </section>
  );
}
