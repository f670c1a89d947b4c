import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setScreenLanguage } from '../../i18n/i18n';
import { authMessages, userMessages, type FullPerson, type MaskedPerson } from '@lajan/domain';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { jean, marie } from '../../test/persons';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { superAdmin, teller } from '../../test/users';
import { speakKreyol } from '../../test/kreyol';

/** Jean, registered at the teller's agent: its whole file, and the teller may change it. */
const jeanFull: FullPerson = { ...jean, masked: false, canEdit: true, canDelete: true };
/** Paul, the teller's agent's customer who holds an account: the teller may change it, not delete it. */
const paulHolder: FullPerson = {
  ...jean,
  id: '10000000-0000-4000-8000-000000000003',
  firstName: 'Paul',
  lastName: 'Louis',
  idDocumentNumber: '004-567-890',
  canDelete: false,
};
/** Rose, the person of a user of the teller's agent: read whole, changed only by whoever manages the user. */
const roseStaff: FullPerson = {
  ...jean,
  id: '10000000-0000-4000-8000-000000000004',
  firstName: 'Rose',
  lastName: 'Étienne',
  idDocumentNumber: '005-678-901',
  canEdit: false,
  canDelete: false,
};
/** Marie, another agent's customer: masked, not the teller's to change. */
const marieMasked: MaskedPerson = {
  id: marie.id,
  firstName: marie.firstName,
  lastName: marie.lastName,
  idDocumentType: 'passport',
  idDocumentNumber: '••••••456',
  createdAt: marie.createdAt,
  masked: true,
  canEdit: false,
  canDelete: false,
};

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  api.on('GET /persons', {
    body: { data: [jeanFull, marieMasked, paulHolder, roseStaff], meta: { total: 4, page: 1, per_page: 20 } },
  });
  api.on(`GET /persons/${jean.id}`, { body: { data: jeanFull } });
  api.on(`GET /persons/${marie.id}`, { body: { data: marieMasked } });
  api.on('POST /persons/check-unique/', { body: { data: { exists: false } } });
  api.on('GET /persons/check-document-unique/003-456-789/id_card', { body: { data: { exists: true } } });
});
afterEach(async () => {
  await api.close();
});

function open(path: string) {
  return renderApp({ path, token: makeToken(teller), apiBaseUrl: api.baseUrl });
}

async function rows() {
  const list = await screen.findByRole('list', { name: 'Liste des personnes' }, { timeout: 5000 });
  return within(list).getAllByRole('listitem');
}

describe('the persons list', () => {
  it('shows a masked document as given, and offers Modifier and Supprimer only where the server allows', async () => {
    open('/persons');
    const [jeanRow, marieRow, paulRow, roseRow] = await rows();
    expect(jeanRow).toHaveTextContent('Jean PIERRE');
    expect(jeanRow).toHaveTextContent("Carte d'identité · 003-456-789");
    expect(within(jeanRow!).getByRole('link', { name: 'Modifier Jean PIERRE' })).toHaveAttribute(
      'href',
      `/persons/${jean.id}/edit`,
    );
    expect(marieRow).toHaveTextContent('Passeport · ••••••456');
    expect(marieRow).toHaveTextContent('Fiche complète réservée à qui la gère');
    expect(within(marieRow!).queryByRole('link', { name: /Modifier/ })).not.toBeInTheDocument();
    expect(within(marieRow!).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
    // A holder of an account: changed, never deleted (the server would refuse it).
    expect(within(paulRow!).getByRole('link', { name: 'Modifier Paul LOUIS' })).toBeVisible();
    expect(within(paulRow!).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
    expect(within(jeanRow!).getByRole('button', { name: 'Supprimer Jean PIERRE' })).toBeVisible();
    // Read whole, not the teller's to change: no button, and why.
    expect(roseRow).toHaveTextContent('005-678-901');
    expect(roseRow).toHaveTextContent('Modification réservée à qui la gère');
    expect(within(roseRow!).queryByRole('link', { name: /Modifier/ })).not.toBeInTheDocument();
    expect(jeanRow).not.toHaveTextContent('Modification réservée');
  });

  it('speaks Kreyòl when the screen does (decision 236)', async () => {
    await speakKreyol();
    try {
      open('/persons');
      expect(
        await screen.findByRole('heading', { name: 'Moun yo', level: 1 }, { timeout: 5000 }),
      ).toBeVisible();
      const list = await screen.findByRole('list', { name: 'Lis moun yo' });
      const [jeanRow, marieRow] = within(list).getAllByRole('listitem');
      expect(jeanRow).toHaveTextContent('Kat idantite · 003-456-789');
      expect(within(jeanRow!).getByRole('link', { name: 'Modifye Jean PIERRE' })).toBeVisible();
      expect(marieRow).toHaveTextContent('Paspò · ••••••456');
      expect(screen.getByRole('link', { name: 'Anrejistre yon kliyan' })).toBeVisible();
    } finally {
      await setScreenLanguage('fr');
    }
  });

  it('pages the list with the total, as the server counts it', async () => {
    const many: FullPerson[] = Array.from({ length: 25 }, (_, index) => ({
      ...jeanFull,
      id: `20000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      firstName: `Client${index + 1}`,
      idDocumentNumber: `DOC-${index + 1}`,
    }));
    // Every answer but the first waits until the test lets it go, so that the waiting line can be read.
    let held: (() => void) | undefined;
    let first = true;
    api.on('GET /persons', (request) => {
      const page = Number(request.query.page);
      const perPage = Number(request.query.per_page);
      const answer = {
        body: {
          data: many.slice((page - 1) * perPage, page * perPage),
          meta: { total: many.length, page, per_page: perPage },
        },
      };
      if (first) {
        first = false;
        return answer;
      }
      return new Promise((resolve) => {
        held = () => resolve(answer);
      });
    });
    async function release() {
      await waitFor(() => expect(held).toBeDefined());
      held?.();
      held = undefined;
    }
    const { user } = open('/persons');
    expect(await rows()).toHaveLength(20);
    expect(screen.getByText('1 – 20 sur 25')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Chargement de la page...')).toBeVisible();
    await release();
    expect(await screen.findByText('21 – 25 sur 25')).toBeVisible();
    expect(await rows()).toHaveLength(5);
    expect(screen.getByText('Client25 PIERRE')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();
    // A search starts again at its first page, and says it is a search, not another page.
    await user.type(screen.getByRole('searchbox', { name: 'Nom, pièce, téléphone ou e-mail' }), 'Client');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText('Recherche en cours...')).toBeVisible();
    expect(screen.queryByText('Chargement de la page...')).not.toBeInTheDocument();
    // The rows still shown are the last answer's: the list says it is busy.
    expect(screen.getByRole('list', { name: 'Liste des personnes' })).toHaveAttribute('aria-busy', 'true');
    await release();
    expect(await screen.findByText('1 – 20 sur 25')).toBeVisible();
    expect(screen.queryByText('Recherche en cours...')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Liste des personnes' })).not.toHaveAttribute('aria-busy');
    const lastList = api.requests.filter((request) => request.path === '/persons').at(-1);
    expect(lastList?.query).toMatchObject({ q: 'Client', page: '1' });
  });

  it('asks before deleting, deletes nothing on Annuler, and says so once deleted', async () => {
    api.on(`DELETE /persons/${jean.id}`, { body: { data: { id: jean.id } } });
    const { user } = open('/persons');
    const [jeanRow] = await rows();

    await user.click(within(jeanRow!).getByRole('button', { name: 'Supprimer Jean PIERRE' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer cette personne ?' });
    expect(dialog).toHaveTextContent('Jean PIERRE sera supprimé(e) définitivement.');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(within(jeanRow!).getByRole('button', { name: 'Supprimer Jean PIERRE' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Personne supprimée avec succès')).toBeVisible();
    expect(
      api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path),
    ).toEqual([`/persons/${jean.id}`]);
  });

  it('shows the server’s reason when the person is still referred to', async () => {
    api.on(`DELETE /persons/${jean.id}`, {
      status: 409,
      body: { message: 'Cette personne est liée à un compte ou à un utilisateur', code: 'CONFLICT' },
    });
    const { user } = open('/persons');
    const [jeanRow] = await rows();
    const listReads = () => api.requests.filter((request) => request.path === '/persons').length;
    const readsBefore = listReads();
    // Meanwhile the server learnt that Jean holds an account: the list read again says so.
    api.on('GET /persons', {
      body: {
        data: [{ ...jeanFull, canDelete: false }, marieMasked, paulHolder],
        meta: { total: 3, page: 1, per_page: 20 },
      },
    });
    await user.click(within(jeanRow!).getByRole('button', { name: 'Supprimer Jean PIERRE' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Cette personne est liée à un compte ou à un utilisateur')).toBeVisible();
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Supprimer Jean PIERRE' })).not.toBeInTheDocument(),
    );
  });
});

describe('the phone numbers to review (decision 204)', () => {
  const kept = {
    ...jeanFull,
    id: '10000000-0000-4000-8000-000000000009',
    firstName: 'Marie',
    lastName: 'Joseph',
  };

  it('lists for the super administrator each number kept in its earlier form, who holds it, and a way to the file', async () => {
    api.on('GET /persons/phone-reviews', {
      body: {
        data: [
          {
            personId: kept.id,
            firstName: 'Marie',
            lastName: 'Joseph',
            phoneNumber: '37123456',
            normalForm: '+50937123456',
            heldBy: { personId: jean.id, firstName: 'jean', lastName: 'Pierre' },
          },
        ],
      },
    });
    renderApp({ path: '/persons', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    const list = await screen.findByRole(
      'list',
      { name: 'Numéros de téléphone à revoir' },
      { timeout: 5000 },
    );
    const [row] = within(list).getAllByRole('listitem');
    expect(row).toHaveTextContent('Marie JOSEPH · 3712 3456');
    expect(row).toHaveTextContent('+509 3712 3456 est déjà le numéro de Jean PIERRE');
    expect(within(row!).getByRole('link', { name: 'Modifier la fiche Marie JOSEPH' })).toHaveAttribute(
      'href',
      `/persons/${kept.id}/edit`,
    );
  });

  it('says nothing when no number is to review', async () => {
    api.on('GET /persons/phone-reviews', { body: { data: [] } });
    renderApp({ path: '/persons', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    await rows();
    await waitFor(() =>
      expect(api.requests.some((request) => request.path === '/persons/phone-reviews')).toBe(true),
    );
    expect(screen.queryByRole('heading', { name: 'Numéros de téléphone à revoir' })).not.toBeInTheDocument();
  });

  it('is not asked for a teller', async () => {
    open('/persons');
    await rows();
    expect(api.requests.some((request) => request.path === '/persons/phone-reviews')).toBe(false);
  });

  it('the file of a number kept in its earlier form shows +509 and saves it in E.164', async () => {
    api.on(`GET /persons/${kept.id}`, { body: { data: { ...kept, phoneNumber: '37123456' } } });
    api.on(`PUT /persons/${kept.id}`, (request) => ({
      body: { data: { ...kept, ...(request.body as object) } },
    }));
    const { user } = open(`/persons/${kept.id}/edit`);
    await screen.findByRole('heading', { name: 'Modifier la personne', level: 1 }, { timeout: 5000 });
    expect(await screen.findByDisplayValue('37123456')).toBeVisible();
    expect(screen.getByRole('combobox', { name: /Indicatif/ })).toHaveValue('+509');

    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(await screen.findByText('Personne modifiée avec succès')).toBeVisible();
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ phoneNumber: '+50937123456' });
  });
});

describe('the edit screen', () => {
  it('fills the register-client form with the person, sends the whole form, and says so', async () => {
    api.on(`PUT /persons/${jean.id}`, (request) => ({
      body: { data: { ...jeanFull, ...(request.body as object) } },
    }));
    const { user } = open(`/persons/${jean.id}/edit`);
    await screen.findByRole('heading', { name: 'Modifier la personne', level: 1 }, { timeout: 5000 });
    const city = await screen.findByRole('textbox', { name: 'Commune' });
    expect(city).toHaveValue('Pétion-Ville');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('jean.pierre@example.ht');

    await user.clear(city);
    await user.type(city, 'Jacmel');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));

    expect(await screen.findByText('Personne modifiée avec succès')).toBeVisible();
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/persons/${jean.id}`);
    expect(put?.body).toMatchObject({
      city: 'Jacmel',
      email: 'jean.pierre@example.ht',
      idDocumentNumber: '003-456-789',
      phoneNumber: '+50937123456',
    });
    // Its own document is not reported as a duplicate of itself.
    expect(screen.queryByText(/existe déjà/)).not.toBeInTheDocument();
  });

  it('takes its own document typed another way for itself, another person’s for a duplicate', async () => {
    api.on('GET /persons/check-document-unique/003%20456%20789/id_card', {
      body: { data: { exists: true, id: jean.id } },
    });
    api.on('GET /persons/check-document-unique/004-567-890/id_card', {
      body: { data: { exists: true, id: paulHolder.id } },
    });
    const { user } = open(`/persons/${jean.id}/edit`);
    const number = await screen.findByRole('textbox', { name: 'Numéro du document' }, { timeout: 5000 });
    await user.clear(number);
    await user.type(number, '003 456 789');
    await waitFor(() =>
      expect(api.requests.some((request) => request.path.includes('003%20456%20789'))).toBe(true),
    );
    expect(screen.queryByText(/existe déjà/)).not.toBeInTheDocument();

    await user.clear(number);
    await user.type(number, '004-567-890');
    expect(await screen.findByText(/existe déjà/, {}, { timeout: 5000 })).toBeVisible();
  });

  it('puts the server’s field errors under their fields, with the French failure otherwise', async () => {
    api.on(`PUT /persons/${jean.id}`, {
      status: 409,
      body: {
        message: 'Cette adresse e-mail existe déjà',
        code: 'CONFLICT',
        errors: { email: ['Cette adresse e-mail existe déjà'] },
      },
    });
    const { user } = open(`/persons/${jean.id}/edit`);
    await screen.findByRole('textbox', { name: 'Commune' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
        'Cette adresse e-mail existe déjà',
      ),
    );
  });

  it('asks the current password when the server wants it (one’s own e-mail), then saves with it', async () => {
    api.on(`PUT /persons/${jean.id}`, (request) => {
      const body = request.body as { current_password?: string; email: string };
      if (!body.current_password) {
        return {
          status: 422,
          body: {
            message: 'Veuillez corriger les erreurs du formulaire',
            code: 'VALIDATION_ERROR',
            errors: { current_password: [userMessages.currentPasswordRequired] },
          },
        };
      }
      if (body.current_password !== 'Bon-Mot-2026') {
        return {
          status: 422,
          body: {
            message: 'Veuillez corriger les erreurs du formulaire',
            code: 'VALIDATION_ERROR',
            errors: { current_password: [authMessages.wrongCurrentPassword] },
          },
        };
      }
      return { body: { data: { ...jeanFull, email: body.email } } };
    });
    const { user } = open(`/persons/${jean.id}/edit`);
    const email = await screen.findByRole('textbox', { name: 'Email' }, { timeout: 5000 });
    await user.clear(email);
    await user.type(email, 'jean.nouveau@example.ht');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirmer votre mot de passe' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(within(dialog).getByLabelText('Mot de passe actuel')).toHaveAccessibleDescription(
      new RegExp(userMessages.currentPasswordRequired),
    );
    await user.type(within(dialog).getByLabelText('Mot de passe actuel'), 'devine');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Mot de passe actuel')).toHaveAccessibleDescription(
        new RegExp(authMessages.wrongCurrentPassword),
      ),
    );
    await user.clear(within(dialog).getByLabelText('Mot de passe actuel'));
    await user.type(within(dialog).getByLabelText('Mot de passe actuel'), 'Bon-Mot-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));

    expect(await screen.findByText('Personne modifiée avec succès')).toBeVisible();
    const last = api.requests.filter((request) => request.method === 'PUT').at(-1);
    expect(last?.body).toMatchObject({ email: 'jean.nouveau@example.ht', current_password: 'Bon-Mot-2026' });
  });

  it('refuses to show a form for a person the user may not change', async () => {
    open(`/persons/${marie.id}/edit`);
    expect(
      await screen.findByText(/Vous ne pouvez pas modifier cette personne/, {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Enregistrer les modifications' })).not.toBeInTheDocument();
  });
});
