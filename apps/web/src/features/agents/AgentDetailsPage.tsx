import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  agentTypeLabels,
  can,
  displayName,
  documentLabel,
  formatDate,
  formatDateTime,
  formatHtg,
  genericMessages,
  roleLabels,
  userFailureMessages,
  agentTexts,
  type Agent,
  formatPhone,
  translate,
} from '@lajan/domain';
import type { MessageDescriptor } from '@lingui/core';
import { Alert } from '../../components/Alert';
import { Button, buttonClasses } from '../../components/Button';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { PageLoading } from '../../components/PageLoading';
import { FetchedAt } from '../../components/pending/FetchedAt';
import { textLinkClasses } from '../../components/text-link';
import { useToasts } from '../../components/toasts/toast-context';
import { DetailField, DetailList, DetailSection } from '../../components/users/DetailList';
import { DetailsLoadError } from '../../components/users/DetailsLoadError';
import { errorMessage } from '../../lib/http';
import { currentLanguage } from '../../i18n/i18n';
import { useSession } from '../../lib/session-context';
import { agentActionSuccess, useAgentActionMutation, type AgentAction } from './api/agent-actions';
import { useAgentQuery } from './api/get-agent';
import { useAgentUsersQuery } from './api/get-agent-users';
import { AgentStatusBadge } from './AgentStatusBadge';

// Descriptors, translated when shown (decision 236).
interface ActionText {
  button: MessageDescriptor;
  title: MessageDescriptor;
  body: (name: string, code: string) => MessageDescriptor;
  variant: 'primary' | 'danger' | 'secondary';
}

const actionTexts: Record<AgentAction, ActionText> = {
  suspend: {
    button: msg`Suspendre`,
    title: msg`Suspendre l'agent ?`,
    body: (name, code) =>
      msg`${name} (${code}) sera suspendu : ses utilisateurs ne pourront plus se connecter et leurs sessions en cours seront fermées. Vous pourrez le réactiver.`,
    variant: 'secondary',
  },
  activate: {
    button: msg`Réactiver`,
    title: msg`Réactiver l'agent ?`,
    body: (name, code) =>
      msg`${name} (${code}) redeviendra actif : ses utilisateurs pourront de nouveau se connecter.`,
    variant: 'primary',
  },
  delete: {
    button: msg`Supprimer (désactiver)`,
    title: msg`Supprimer (désactiver) l'agent ?`,
    body: (name, code) =>
      msg`${name} (${code}) sera désactivé : ses utilisateurs ne pourront plus se connecter. L'agent n'est jamais effacé, son historique reste consultable, et vous pourrez le réactiver.`,
    variant: 'danger',
  },
};

/** Which actions fit the agent's status: an active agent is suspended or deleted, the others reactivated. */
function actionsFor(agent: Agent): AgentAction[] {
  if (agent.status === 'active') return ['suspend', 'delete'];
  if (agent.status === 'suspended') return ['activate', 'delete'];
  return ['activate'];
}

function AgentUsers({ code }: { code: string }) {
  const query = useAgentUsersQuery(code, true);
  if (query.isPending) return <PageLoading label={t`Chargement des utilisateurs...`} />;
  if (query.isError && !query.data)
    return <Alert type="danger">{errorMessage(query.error, userFailureMessages.list)}</Alert>;
  const users = query.data.data;
  if (users.length === 0)
    return (
      <p className="text-sm text-slate-700">
        <Trans>Aucun utilisateur.</Trans>
      </p>
    );
  return (
    <>
      <FetchedAt updatedAt={query.dataUpdatedAt} />
      <ul className="divide-y divide-slate-100">
        {users.map((agentUser) => (
          <li
            key={agentUser.id}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm"
          >
            <span>
              <Link to={`/users/${encodeURIComponent(agentUser.username)}`} className={textLinkClasses}>
                {agentUser.username}
              </Link>{' '}
              <span className="text-slate-700">· {displayName(agentUser)}</span>
            </span>
            <span className="text-slate-600">
              {roleLabels[agentUser.role]}
              {agentUser.deletedAt ? ` · ${t`Désactivé`}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** /agents/:code: owners, contact, float account, users, and the super administrator's actions. */
export default function AgentDetailsPage() {
  const { code = '' } = useParams();
  const { user } = useSession();
  const toasts = useToasts();
  const query = useAgentQuery(code);
  const mutation = useAgentActionMutation(code);
  const [pending, setPending] = useState<AgentAction | null>(null);

  const backLink = (
    <Link to="/agents" className={`${textLinkClasses} text-sm`}>
      ← <Trans>Liste des agents</Trans>
    </Link>
  );

  if (query.isPending) return <PageLoading label={t`Chargement de l'agent...`} />;
  if (query.isError && !query.data) {
    return (
      <DetailsLoadError
        backLink={backLink}
        title={t`Détails de l'agent`}
        error={query.error}
        notFoundTitle={t`Agent introuvable`}
        notFoundText={t`Aucun agent ne porte le code «\u00a0${code}\u00a0».`}
        failureTitle={t`L'agent n'a pas pu être chargé.`}
        failureFallback={genericMessages.failure}
      />
    );
  }

  const agent = query.data;
  const manages = can(user, 'agents.manage');
  const agentCode = agent.code;
  const language = currentLanguage() === 'ht' ? 'ht' : 'fr';
  const suspendedOn = agent.suspendedAt ? formatDate(agent.suspendedAt, language) : null;
  const inactiveSince = agent.deletedAt ? formatDate(agent.deletedAt, language) : null;

  async function confirm(action: AgentAction) {
    try {
      await mutation.mutateAsync(action);
      toasts.success(agentActionSuccess[action]);
      setPending(null);
    } catch {
      // The query client toasts the server's message; the dialog stays open to try again or cancel.
    }
  }

  const text = pending ? actionTexts[pending] : null;

  return (
    <div className="max-w-4xl space-y-6">
      {backLink}
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{agent.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span>
              <Trans>
                Code <span className="font-mono font-semibold">{agentCode}</span>
              </Trans>
            </span>
            <span aria-hidden="true">·</span>
            <span>{agentTypeLabels[agent.type]}</span>
            <AgentStatusBadge status={agent.status} />
          </p>
        </div>
        {manages && (
          <div className="flex flex-wrap gap-2">
            {/* Funding the float: the agent deposit, the agent already chosen (decision 133). */}
            {can(user, 'agents.deposit') && agent.status === 'active' && (
              <Link
                to={`/transaction/deposit-agent?code=${encodeURIComponent(agent.code)}`}
                className={buttonClasses('primary')}
              >
                {agentTexts.fund}
              </Link>
            )}
            {actionsFor(agent).map((action) => (
              <Button key={action} variant={actionTexts[action].variant} onClick={() => setPending(action)}>
                {translate(actionTexts[action].button)}
              </Button>
            ))}
          </div>
        )}
      </header>

      {agent.status !== 'active' && (
        <Alert type="warning">
          {agent.status === 'suspended'
            ? suspendedOn
              ? t`Agent suspendu le ${suspendedOn} : ses utilisateurs ne peuvent pas se connecter.`
              : t`Agent suspendu : ses utilisateurs ne peuvent pas se connecter.`
            : inactiveSince
              ? t`Agent inactif depuis le ${inactiveSince} : ses utilisateurs ne peuvent pas se connecter.`
              : t`Agent inactif : ses utilisateurs ne peuvent pas se connecter.`}
        </Alert>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <DetailSection title={t`Compte de float`}>
          <DetailList>
            <DetailField label={t`Numéro de compte`}>
              <span className="font-mono">{agent.accountNumber ?? t`Non spécifié`}</span>
            </DetailField>
            {agent.balance !== null && (
              <DetailField label={t`Solde`}>
                <span className="text-base font-semibold tabular-nums">{formatHtg(agent.balance)}</span>
              </DetailField>
            )}
          </DetailList>
        </DetailSection>

        <DetailSection title={t`Contact`}>
          <DetailList>
            <DetailField label={t`Email`}>{agent.email}</DetailField>
            <DetailField label={t`Téléphone`}>{formatPhone(agent.phone)}</DetailField>
            <DetailField label={t`Adresse`}>{agent.address}</DetailField>
            {agent.city && <DetailField label={t`Ville`}>{agent.city}</DetailField>}
            <DetailField label={t`Administrateur`}>{agent.username}</DetailField>
            <DetailField label={t`Créé le`}>{formatDateTime(agent.createdAt, language)}</DetailField>
          </DetailList>
        </DetailSection>
      </div>

      <DetailSection title={t`Propriétaires`}>
        {agent.owners.length === 0 ? (
          <p className="text-sm text-slate-700">
            <Trans>Aucun propriétaire.</Trans>
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {agent.owners.map((owner) => (
              <li key={owner.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 text-sm">
                <span className="font-medium text-slate-900">{displayName(owner)}</span>
                <span className="text-slate-700">
                  {documentLabel(owner.idDocumentType)} · {owner.idDocumentNumber}
                </span>
              </li>
            ))}
          </ul>
        )}
      </DetailSection>

      <DetailSection title={t`Utilisateurs`}>
        <AgentUsers code={agent.code} />
      </DetailSection>

      {pending && text && (
        <ConfirmDialog
          title={translate(text.title)}
          confirmLabel={translate(text.button)}
          pendingLabel={t`Veuillez patienter...`}
          variant={text.variant === 'danger' ? 'danger' : 'primary'}
          pending={mutation.isPending}
          onConfirm={() => void confirm(pending)}
          onCancel={() => setPending(null)}
        >
          <p>{translate(text.body(agent.name, agent.code))}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
