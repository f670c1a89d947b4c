import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { msg } from '@lingui/core/macro';
import { transactionTypeLabels } from '@lajan/domain';
import { routeTitle, type RouteTitle } from '../route-table';

/**
 * The titles of the shell's screens, by route name: with the shell's code, not the sign-in page's (decision
 * 239); read when shown, in the screens' language (decision 236).
 */
export const screenTitles: Record<string, RouteTitle> = {
  'update-password': msg`Changer le mot de passe`,
  dashboard: msg`Tableau de Bord`,
  profile: msg`Mon Profil`,
  security: msg`Sécurité du compte`,
  account: msg`Mon Compte`,
  setting: msg`Mon Compte`,
  'create-account': msg`Créer un compte`,
  'account-requests': msg`Demandes d'ouverture`,
  person: msg`Enregistrer Client`,
  persons: msg`Personnes`,
  'edit-person': msg`Modifier la personne`,
  deposit: () => transactionTypeLabels.deposit,
  withdraw: () => transactionTypeLabels.withdrawal,
  transfer: () => transactionTypeLabels.transfer,
  'create-transfer': msg`Effectuer un transfert externe`,
  'receive-transfer': msg`Recevoir un transfert externe`,
  history: msg`Historique`,
  'deposit-agent': () => transactionTypeLabels.agent_deposit,
  agents: msg`Liste des agents`,
  agent: msg`Détails de l'agent`,
  'create-agent': msg`Créer un agent`,
  users: msg`Liste des utilisateurs`,
  user: msg`Détails de l'utilisateur`,
  administrators: msg`Liste des administrateurs`,
  'create-user': msg`Créer un utilisateur`,
  audit: msg`Journal d'audit`,
  'reports-commissions': msg`Relevé de commissions`,
  'reports-network': msg`Rapports du réseau`,
  'reports-declarations': msg`Déclarations UCREF`,
  'account-statement': msg`Relevé de compte`,
  'float-statement': msg`Relevé du float`,
  'fees-list': msg`Tableau des frais`,
  limits: msg`Limites des clients`,
  sms: msg`SMS`,
  drawer: msg`Ma caisse`,
  drawers: msg`Caisses des caissiers`,
  'transfers-to-refund': msg`Transferts à rembourser`,
  'drawer-ticket': msg`Ticket de caisse`,
  corrections: msg`Corrections`,
};

/** Sets the tab's title of the shell's screen shown ("Dépôt · Lajan"). */
export function useScreenTitle(): void {
  const matches = useMatches();
  const name = (matches.at(-1)?.handle as { name?: string } | undefined)?.name;
  const source = name === undefined ? undefined : screenTitles[name];
  const title = source ? routeTitle(source) : undefined;
  useEffect(() => {
    if (title) document.title = `${title} · Lajan`;
  }, [title]);
}
