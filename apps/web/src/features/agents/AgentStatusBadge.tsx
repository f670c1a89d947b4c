import { agentStatusLabels, type AgentStatus } from '@lajan/domain';

const colours: Record<AgentStatus, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  suspended: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  inactive: 'bg-slate-100 text-slate-700 ring-slate-500/30',
};

const dots: Record<AgentStatus, string> = {
  active: 'bg-emerald-600',
  suspended: 'bg-amber-500',
  inactive: 'bg-slate-500',
};

/** Actif (green), Suspendu (amber), Inactif (grey): the colour repeats the word, never replaces it. */
export function AgentStatusBadge({ status }: { status: AgentStatus }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${colours[status]}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${dots[status]}`} />
      {agentStatusLabels[status]}
    </span>
  );
}
