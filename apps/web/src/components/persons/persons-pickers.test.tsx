import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '@lajan/domain';
import { setScreenLanguage } from '../../i18n/i18n';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderComponent } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { accountOf, jean, marie, personList } from '../../test/persons';
import { teller } from '../../test/users';
import type { PersonSearchResult } from './api';
import { ClientList, type ClientListItem } from './ClientList';
import { PersonSearchModal } from './PersonSearchModal';
import { speakKreyol } from '../../test/kreyol';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  await api.close();
});

function Picker({ excludeIds }: { excludeIds?: string[] }) {
  const [chosen, setChosen] = useState<PersonSearchResult | null>(null);
  return (
    <>
      <PersonSearchModal onSelect={setChosen} excludeIds={excludeIds} />
      <p>Choisi : {chosen ? `${chosen.firstName} ${chosen.idDocumentNumber}` : 'personne'}</p>
    </>
  );
}

function openPicker(excludeIds?: string[]) {
  return renderComponent(<Picker excludeIds={excludeIds} />, {
    apiBaseUrl: api.baseUrl,
    token: makeToken(teller),
  });
}

describe('the person search modal (SPEC §2)', () => {
  it('opens from the "Rechercher Personne" box as a full-screen dialog that has searched nothing yet', async () => {
    const { user } = openPicker();
    await user.click(screen.getByRole('button', { name: 'Rechercher Personne' }));
    const dialog = screen.getByRole('dialog', { name: 'Rechercher Personne' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { name: 'Résultat de la recherche' })).toBeVisible();
    expect(within(dialog).getByText('Aucune recherche effectuée')).toBeVisible();
    expect(within(dialog).getByRole('searchbox')).toHaveFocus();
    expect(api.requests).toEqual([]);
  });

  it('speaks Kreyòl when the screen does (decision 236)', async () => {
    await speakKreyol();
    try {
      api.on('GET /persons', { body: personList([jean]) });
      const { user } = openPicker();
      await user.click(screen.getByRole('button', { name: 'Chèche moun' }));
      const dialog = screen.getByRole('dialog', { name: 'Chèche moun' });
      expect(within(dialog).getByRole('heading', { name: 'Rezilta rechèch la' })).toBeVisible();
      expect(within(dialog).getByText('Ou poko fè okenn rechèch')).toBeVisible();
      await user.type(within(dialog).getByRole('searchbox'), 'pierre{Enter}');
      expect(await within(dialog).findByRole('button', { name: /Jean PIERRE/ })).toHaveTextContent(
        'Kat idantite',
      );
    } finally {
      await setScreenLanguage('fr');
    }
  });

  it('searches on Enter and selects the clicked person', async () => {
    api.on('GET /persons', { body: personList([jean, marie]) });
    const { user } = openPicker();
    await user.click(screen.getByRole('button', { name: 'Rechercher Personne' }));
    await user.type(screen.getByRole('searchbox'), 'pierre{Enter}');

    const dialog = screen.getByRole('dialog');
    const first = await within(dialog).findByRole('button', { name: /Jean PIERRE/ });
    expect(first).toHaveTextContent('003-456-789');
    expect(within(dialog).getByRole('button', { name: /Marie JOSEPH/ })).toHaveTextContent('PA123456');
    expect(api.requests[0]?.path).toBe('/persons');

    await user.click(first);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Choisi : jean 003-456-789')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Rechercher Personne' })).toHaveFocus();
  });

  it('says when it shows only the first results, and not when it shows them all', async () => {
    const many = Array.from({ length: 20 }, (_, index) => ({
      ...jean,
      id: `30000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      firstName: `Client${index}`,
    }));
    api.on('GET /persons', (request) => ({
      body: personList(request.query.q === 'client' ? many : [jean, marie]),
    }));
    const { user } = openPicker();
    await user.click(screen.getByRole('button', { name: 'Rechercher Personne' }));
    await user.type(screen.getByRole('searchbox'), 'client{Enter}');
    const dialog = screen.getByRole('dialog');
    expect(
      await within(dialog).findByText(
        'Seuls les 20 premiers résultats sont affichés : précisez la recherche (nom complet, numéro de pièce ou téléphone).',
      ),
    ).toBeVisible();
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'pierre{Enter}');
    await within(dialog).findByRole('button', { name: /Marie JOSEPH/ });
    expect(within(dialog).queryByText(/premiers résultats/)).not.toBeInTheDocument();
  });

  it('says "Pas de résultat pour <term>" when nothing matches', async () => {
    api.on('GET /persons', { body: personList([]) });
    const { user } = openPicker();
    await user.click(screen.getByRole('button', { name: 'Rechercher Personne' }));
    await user.type(screen.getByRole('searchbox'), 'Inconnu{Enter}');
    expect(await screen.findByText('Pas de résultat pour Inconnu')).toBeVisible();
  });

  it('says "Pas de résultat pour <term>" when the search fails', async () => {
    // A failure with no Lajan message (a proxy's): the server's own failures carry one, shown instead.
    api.on('GET /persons', { status: 400, proxy: true });
    const { user } = openPicker();
    await user.click(screen.getByRole('button', { name: 'Rechercher Personne' }));
    await user.type(screen.getByRole('searchbox'), '003-999{Enter}');
    expect(await screen.findByText('Pas de résultat pour 003-999')).toBeVisible();
  });

  it('does not offer a person already chosen', async () => {
    api.on('GET /persons', { body: personList([jean]) });
    const { user } = openPicker([jean.id]);
    await user.click(screen.getByRole('button', { name: 'Rechercher Personne' }));
    await user.type(screen.getByRole('searchbox'), 'jean{Enter}');
    const row = await screen.findByRole('button', { name: /Jean PIERRE/ });
    expect(row).toBeDisabled();
    expect(row).toHaveTextContent('Déjà sélectionné');
  });

  it('closes with Escape and with its close button, and keeps Tab inside', async () => {
    const { user } = openPicker();
    await user.click(screen.getByRole('button', { name: 'Rechercher Personne' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rechercher Personne' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('searches accounts by number, or by a holder’s phone, document or name, in the accounts mode (decision 132)', async () => {
    const account = accountOf([jean], { balance: 1500 });
    const savings = accountOf([jean, marie], {
      id: '20000000-0000-4000-8000-000000000002',
      accountNumber: '40987654321',
      type: 'savings',
    });
    api.on('POST /accounts/search', (request) => {
      const body = request.body as { account_number?: string; q?: string };
      if (body.account_number) return { body: { data: { account } } };
      return { body: { data: { accounts: body.q === 'pierre' ? [account, savings] : [] } } };
    });
    function AccountPicker() {
      const [chosen, setChosen] = useState<Account | null>(null);
      return (
        <>
          <PersonSearchModal mode="accounts" onSelect={setChosen} />
          <p>Compte choisi : {chosen?.accountNumber ?? 'aucun'}</p>
        </>
      );
    }
    const { user } = renderComponent(<AccountPicker />, {
      apiBaseUrl: api.baseUrl,
      token: makeToken(teller),
    });
    await user.click(screen.getByRole('button', { name: 'Rechercher Compte' }));
    await user.type(screen.getByRole('searchbox'), 'a{Enter}');
    expect(screen.getByText('Saisissez au moins 2 caractères')).toBeVisible();
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), '409 1234 5678{Enter}');
    const result = await screen.findByRole('button', { name: /40912345678 · HTG/ });
    expect(result).toHaveTextContent('Jean PIERRE');
    expect(api.requests.at(-1)?.body).toEqual({ account_number: '40912345678' });

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'pierre{Enter}');
    const joint = await screen.findByRole('button', { name: /40987654321 · HTG/ });
    expect(api.requests.at(-1)?.body).toEqual({ q: 'pierre' });
    expect(joint).toHaveTextContent('Épargne');
    expect(joint).toHaveTextContent('Jean PIERRE, Marie JOSEPH');
    expect(screen.getByRole('button', { name: /40912345678 · HTG/ })).toBeVisible();
    await user.click(joint);
    expect(screen.getByText('Compte choisi : 40987654321')).toBeVisible();
  });

  it('says "Pas de résultat pour <term>" when no account matches', async () => {
    api.on('POST /accounts/search', { body: { data: { accounts: [] } } });
    const { user } = renderComponent(<PersonSearchModal mode="accounts" onSelect={() => undefined} />, {
      apiBaseUrl: api.baseUrl,
      token: makeToken(teller),
    });
    await user.click(screen.getByRole('button', { name: 'Rechercher Compte' }));
    await user.type(screen.getByRole('searchbox'), '3712 0001{Enter}');
    expect(await screen.findByText('Pas de résultat pour 3712 0001')).toBeVisible();
    expect(api.requests.at(-1)?.body).toEqual({ q: '3712 0001' });
    // Registering is for a person search: an account is opened elsewhere.
    expect(screen.queryByRole('button', { name: 'Enregistrer un nouveau client' })).not.toBeInTheDocument();
  });
});

describe('the client list (SPEC §2)', () => {
  function List({ initial }: { initial: ClientListItem[] }) {
    const [clients, setClients] = useState(initial);
    return (
      <ClientList
        clients={clients}
        onRemove={(_, index) => setClients((all) => all.filter((__, i) => i !== index))}
        showHolderRole
      />
    );
  }

  it('shows the empty state and the link to register a new person', () => {
    renderComponent(<List initial={[]} />);
    expect(screen.getByRole('heading', { name: 'Liste des clients' })).toBeVisible();
    expect(screen.getByText('Aucun client sélectionné')).toBeVisible();
    expect(screen.getByText('Veuillez rechercher et sélectionner un client.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ajouter une nouvelle personne' })).toHaveAttribute(
      'href',
      '/person',
    );
  });

  it('shows each client with the document label and number, and removes one', async () => {
    const { user } = renderComponent(<List initial={[jean, marie]} />);
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Jean PIERRE');
    expect(rows[0]).toHaveTextContent("Carte d'identité · 003-456-789");
    expect(rows[0]).toHaveTextContent('Titulaire principal');
    expect(rows[1]).toHaveTextContent('Marie JOSEPH');
    expect(rows[1]).toHaveTextContent('Passeport · PA123456');
    expect(rows[1]).toHaveTextContent('Titulaire secondaire');

    await user.click(screen.getByRole('button', { name: 'Retirer Jean PIERRE' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('listitem')).toHaveTextContent('Marie JOSEPH');
    expect(screen.getByRole('listitem')).toHaveTextContent('Titulaire principal');
    await user.click(screen.getByRole('button', { name: 'Retirer Marie JOSEPH' }));
    expect(screen.getByText('Aucun client sélectionné')).toBeVisible();
  });

  it('follows its link to /person', async () => {
    const { user, router } = renderComponent(<List initial={[]} />);
    await user.click(screen.getByRole('link', { name: 'Ajouter une nouvelle personne' }));
    expect(router.state.location.pathname).toBe('/person');
    expect(screen.getByText('Page : /person')).toBeVisible();
  });
});
