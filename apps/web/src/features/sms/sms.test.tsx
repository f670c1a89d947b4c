import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FailedSms, SmsKindSetting } from '@lajan/domain';
import { ensureArea, setScreenLanguage } from '../../i18n/i18n';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { agentAdmin, superAdmin, teller } from '../../test/users';

const labels: Record<SmsKindSetting['kind'], string> = {
  receipt: 'Reçu d’opération au client',
  pickup_code: 'Code de retrait au bénéficiaire',
  transfer_paid: 'Avis de paiement à l’expéditeur',
  transfer_cancelled: 'Avis d’annulation à l’expéditeur',
  transfer_expired: 'Avis d’expiration à l’expéditeur',
};

function settings(off: SmsKindSetting['kind'][] = []): SmsKindSetting[] {
  return (Object.keys(labels) as SmsKindSetting['kind'][]).map((kind) => ({
    kind,
    label: labels[kind],
    enabled: !off.includes(kind),
    updatedAt: off.includes(kind) ? '2026-12-05T19:05:00.000Z' : null,
    updatedBy: off.includes(kind) ? { username: 'superadmin' } : null,
  }));
}

const failed: FailedSms[] = [
  {
    id: '5b8f2c1e-6a0d-4c3e-9f1a-2d7e8b9c0a11',
    kind: 'pickup_code',
    label: labels.pickup_code,
    to: '+509****1234',
    language: 'fr',
    createdAt: '2026-12-05T18:00:00.000Z',
    failedAt: '2026-12-05T18:30:00.000Z',
    stage: 'sending',
    attempts: 5,
    lastError: 'ESME_RTHROTTLED',
    deliveryStatus: null,
    transactionNumber: '40718263951',
  },
  {
    id: '7c9a3d2f-1b4e-4d5f-8a6b-3e8f9c0d1b22',
    kind: 'receipt',
    label: labels.receipt,
    to: '+509****5678',
    language: 'ht',
    createdAt: '2026-12-05T17:00:00.000Z',
    failedAt: '2026-12-05T17:01:00.000Z',
    stage: 'sending',
    attempts: 0,
    lastError: 'kind_disabled',
    deliveryStatus: null,
    transactionNumber: null,
  },
];

/** Accepted by the SMSC, then reported lost: its text erased at send, it cannot be sent again (issue 46). */
const undelivered: FailedSms = {
  id: '9e1d4f3a-2c5b-4e6f-9b7c-4f9a0d1e2c33',
  kind: 'pickup_code',
  label: labels.pickup_code,
  to: '+509****4321',
  language: 'fr',
  createdAt: '2026-12-05T18:40:00.000Z',
  failedAt: '2026-12-05T18:41:00.000Z',
  stage: 'delivery',
  attempts: 1,
  lastError: 'UNDELIV',
  deliveryStatus: 'UNDELIV',
  transactionNumber: '40718263952',
};

const page = (rows: FailedSms[]) => ({ data: rows, meta: { total: rows.length, page: 1, per_page: 20 } });

/** The text as read, with the no-break spaces of French numbers, dates and quotes as plain ones. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
/** « … » as the French texts write it, with no-break spaces inside. */
const quoted = (text: string) => `«\u00a0${text}\u00a0»`;

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  api.on('GET /sms/settings', { body: { data: settings() } });
  api.on('GET /sms/failed', { body: page(failed) });
});
afterEach(() => api.close());

async function open() {
  const rendered = renderApp({ path: '/sms', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
  await screen.findByRole('table', { name: 'SMS en échec' }, { timeout: 5000 });
  await screen.findByText(labels.receipt, { selector: 'p' });
  return rendered;
}

const sent = (method: string) => api.requests.filter((request) => request.method === method);

describe('the SMS controls (/sms, decision 242)', () => {
  it('shows each kind’s switch and the failed deliveries, masked, with what failed', async () => {
    await open();
    expect(screen.getByRole('heading', { name: 'SMS', level: 1 })).toBeVisible();
    const kinds = within(screen.getByRole('region', { name: 'Types de messages' })).getAllByRole('listitem');
    expect(kinds.map((item) => plain(item.textContent))).toEqual([
      `${labels.receipt}ActivéDésactiver`,
      `${labels.pickup_code}ActivéDésactiver`,
      `${labels.transfer_paid}ActivéDésactiver`,
      `${labels.transfer_cancelled}ActivéDésactiver`,
      `${labels.transfer_expired}ActivéDésactiver`,
    ]);
    const rows = within(screen.getByRole('table', { name: 'SMS en échec' })).getAllByRole('row');
    expect(rows.map((row) => Array.from(row.children, (cell) => plain(cell.textContent)))).toEqual([
      ['Échec', 'Type', 'Numéro', 'Créé', 'Essais', 'Dernière erreur', 'Transaction', 'Actions'],
      [
        '05/12/2026 13:30',
        labels.pickup_code,
        '+509****1234',
        '05/12/2026 13:00',
        '5',
        'ESME_RTHROTTLED',
        '40718263951',
        `Renvoyer le SMS ${labels.pickup_code} au +509****1234`,
      ],
      [
        '05/12/2026 12:01',
        labels.receipt,
        '+509****5678',
        '05/12/2026 12:00',
        '0',
        'Type de message désactivé au moment de l’envoi',
        '—',
        `Renvoyer le SMS ${labels.receipt} au +509****5678`,
      ],
    ]);
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByRole('link', { name: 'SMS' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows an SMS not delivered with its operator’s status, and offers no retry for it', async () => {
    api.on('GET /sms/failed', { body: page([undelivered, ...failed]) });
    await open();
    const rows = within(screen.getByRole('table', { name: 'SMS en échec' })).getAllByRole('row');
    expect(Array.from(rows[1]!.children, (cell) => plain(cell.textContent))).toEqual([
      '05/12/2026 13:41',
      labels.pickup_code,
      '+509****4321',
      '05/12/2026 13:40',
      '1',
      'UNDELIV',
      '40718263952',
      'Non remis au téléphone (rapport de l’opérateur : UNDELIV)',
    ]);
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Renvoyer/ })).toHaveLength(2);
  });

  it.each([
    ['a teller', teller],
    ['an agent’s administrator', agentAdmin],
  ])('is refused to %s', async (_, who) => {
    renderApp({ path: '/sms', token: makeToken(who), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Accès interdit' }, { timeout: 5000 })).toBeVisible();
    expect(api.requests.some((request) => request.path.startsWith('/sms'))).toBe(false);
  });

  it('switches a kind off after a confirmation, waiting on the server, then says so', async () => {
    let answer: (() => void) | undefined;
    api.on('PUT /sms/settings/receipt', () => {
      // The new state is read back once the switch answers.
      api.on('GET /sms/settings', { body: { data: settings(['receipt']) } });
      return new Promise((resolve) => {
        answer = () => resolve({ body: { data: settings(['receipt'])[0] } });
      });
    });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: `Désactiver ${quoted(labels.receipt)}` }));
    const dialog = await screen.findByRole('dialog', { name: `Désactiver ${quoted(labels.receipt)} ?` });
    expect(dialog).toHaveTextContent('Plus aucun SMS de ce type ne partira');
    // Nothing is sent before the confirmation, and an Enter pressed by habit does not confirm.
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    expect(sent('PUT')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(await within(dialog).findByRole('button', { name: /Désactivation/ })).toBeDisabled();
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    expect(await screen.findByText(`« ${labels.receipt} » désactivé`, { normalizer: plain })).toBeVisible();
    expect(sent('PUT').map((request) => [request.path, request.body])).toEqual([
      ['/sms/settings/receipt', { enabled: false }],
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const item = await screen.findByRole('button', { name: `Activer ${quoted(labels.receipt)}` });
    expect(plain(item.closest('li')?.textContent)).toBe(
      `${labels.receipt}Désactivé · Modifié par superadmin le 05/12/2026 14:05Activer`,
    );
  });

  it('keeps the dialog open with the server’s French refusal', async () => {
    api.on('PUT /sms/settings/pickup_code', {
      status: 404,
      body: { message: 'Type de message inconnu', code: 'NOT_FOUND' },
    });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: `Désactiver ${quoted(labels.pickup_code)}` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(await within(dialog).findByText('Type de message inconnu')).toBeVisible();
  });

  it('sends a failed SMS again after a confirmation, and reads the list afresh', async () => {
    const [first] = failed;
    api.on(`POST /sms/${first!.id}/retry`, () => {
      api.on('GET /sms/failed', { body: page(failed.slice(1)) });
      return { body: { data: { id: first!.id, kind: 'pickup_code', to: '+509****1234' } } };
    });
    const { user } = await open();
    await user.click(
      screen.getByRole('button', { name: `Renvoyer le SMS ${labels.pickup_code} au +509****1234` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Renvoyer ce SMS ?' });
    expect(plain(dialog.textContent)).toContain(`Le SMS « ${labels.pickup_code} » au +509****1234 repart`);
    await user.click(within(dialog).getByRole('button', { name: 'Renvoyer' }));
    expect(await screen.findByText('SMS remis dans la file d’envoi')).toBeVisible();
    expect(sent('POST').map((request) => request.path)).toEqual([`/sms/${first!.id}/retry`]);
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'SMS en échec' })).getAllByRole('row')).toHaveLength(2),
    );
  });

  it('says why a retry is refused while its kind is off', async () => {
    const second = failed[1]!;
    api.on(`POST /sms/${second.id}/retry`, {
      status: 409,
      body: {
        message: 'Ce type de message est désactivé : réactivez-le avant de renvoyer le SMS',
        code: 'CONFLICT',
      },
    });
    const { user } = await open();
    await user.click(
      screen.getByRole('button', { name: `Renvoyer le SMS ${labels.receipt} au +509****5678` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Renvoyer ce SMS ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Renvoyer' }));
    expect(
      await within(dialog).findByText(
        'Ce type de message est désactivé : réactivez-le avant de renvoyer le SMS',
      ),
    ).toBeVisible();
  });

  it('says when nothing failed', async () => {
    api.on('GET /sms/failed', { body: page([]) });
    renderApp({ path: '/sms', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByText('Aucun SMS en échec.', {}, { timeout: 5000 })).toBeVisible();
  });
});

describe('the SMS controls in Kreyòl (decisions 236, 238)', () => {
  beforeEach(async () => {
    await setScreenLanguage('ht');
    await ensureArea('app');
  });
  afterEach(async () => {
    await setScreenLanguage('fr');
  });

  it('names the kinds, the columns and the buttons in Kreyòl', async () => {
    api.on('GET /sms/failed', { body: page([undelivered, ...failed]) });
    renderApp({ path: '/sms', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    const table = await screen.findByRole('table', { name: 'SMS ki pa t pase' }, { timeout: 5000 });
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('Lè li pa t pase');
    expect(within(table).getAllByText('Kòd pou touche bay benefisyè a')[0]).toBeVisible();
    expect(
      within(table).getByText('Pa t rive sou telefòn nan (rapò operatè a : UNDELIV)', { normalizer: plain }),
    ).toBeVisible();
    expect(
      await screen.findByRole('button', { name: `Dezaktive ${quoted('Resi tranzaksyon bay kliyan an')}` }),
    ).toBeVisible();
  });
});
