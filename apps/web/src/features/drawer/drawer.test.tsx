import { screen, waitFor, within } from '@testing-library/react';
import { drawerMessages, drawerTexts } from '@lajan/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDrawerSession, startApiServer, type ApiServer } from '../../test/api-server';
import { setScreenLanguage } from '../../i18n/i18n';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { agentAdmin, superAdmin, teller } from '../../test/users';
import { speakKreyol } from '../../test/kreyol';

const closedTicket = {
  ...openDrawerSession,
  status: 'closed',
  closedAt: '2026-11-24T22:00:00.000Z',
  closingCounts: { '1000': 2, '500': 1, '100': 2, '25': 1, '5': 1 },
  counted: 2730,
  expected: 3330,
  difference: -600,
  differenceKind: 'shortage',
  needsAcknowledgement: true,
  fingerprint: 'a'.repeat(64),
  // Adds up as the server's would: 2 000 opening + 1 830 in (two deposits, 40 of fees in cash) − 500 out = 3 330.
  totals: [
    { type: 'deposit', count: 2, amount: 1790, fee: 40, agentShare: 16, cash: 1830 },
    { type: 'withdrawal', count: 1, amount: 500, fee: 60, agentShare: 24, cash: -500 },
  ],
  fees: 100,
  agentShare: 40,
  threshold: 500,
};

/** A session as `GET /drawer/sessions` lists it: no ticket lines. */
function listed<T extends { totals: unknown; fees: unknown; agentShare: unknown; threshold: unknown }>({
  totals: _t,
  fees: _f,
  agentShare: _a,
  threshold: _h,
  ...session
}: T) {
  return session;
}

/** Closed with 100 000 HTG, opened again with 50 000 (issue 39, finding 4). */
const openedShort = {
  ...openDrawerSession,
  openingCounts: { '1000': 50 },
  opening: 50_000,
  previousCounted: 100_000,
  openingDifference: -50_000,
  openingDifferenceKind: 'shortage',
  openingNeedsAcknowledgement: true,
};

describe('the drawer (decision 149)', () => {
  let api: ApiServer;
  beforeEach(async () => {
    api = await startApiServer();
  });
  afterEach(() => api.close());

  it('says "Caisse fermée" on a cash screen and offers to open it', async () => {
    api.on('GET /drawer', { body: { data: null } });
    const { user } = renderApp({
      path: '/transaction/deposit',
      token: makeToken(teller),
      apiBaseUrl: api.baseUrl,
    });
    expect(await screen.findByText(drawerTexts.closedNotice, {}, { timeout: 5000 })).toBeVisible();
    await user.click(screen.getByRole('link', { name: drawerTexts.openAction }));
    expect(await screen.findByRole('heading', { name: drawerTexts.pageTitle, level: 1 })).toBeVisible();

    // Opened: it says so, and the way back to the deposit the teller came from.
    api.on('POST /drawer/open', { status: 201, body: { data: openDrawerSession } });
    await user.type(await screen.findByLabelText('Billet de 1 000 HTG'), '2');
    await user.click(screen.getByRole('button', { name: drawerTexts.openAction }));
    await user.click(await screen.findByRole('button', { name: drawerTexts.openConfirmAction }));
    expect(await screen.findByText(drawerTexts.openedNow)).toBeVisible();
    api.on('GET /drawer', { body: { data: openDrawerSession } });
    await user.click(screen.getByRole('link', { name: drawerTexts.backToOperation }));
    expect(await screen.findByRole('heading', { name: 'Dépôt', level: 1 })).toBeVisible();
    expect(screen.queryByText(drawerTexts.closedNotice)).not.toBeInTheDocument();
  });

  it('shows the top of the page once opened: the title, « Caisse ouverte » and the way back (decision 215)', async () => {
    api.on('GET /drawer', { body: { data: null } });
    api.on('POST /drawer/open', { status: 201, body: { data: openDrawerSession } });
    const { user } = renderApp({
      path: '/transaction/deposit',
      token: makeToken(teller),
      apiBaseUrl: api.baseUrl,
    });
    await user.click(await screen.findByRole('link', { name: drawerTexts.openAction }, { timeout: 5000 }));
    await user.type(await screen.findByLabelText('Billet de 1 000 HTG'), '2');
    // The teller scrolled down the count to its button.
    window.scrollTo({ top: 600 });
    expect(window.scrollY).toBe(600);
    await user.click(screen.getByRole('button', { name: drawerTexts.openAction }));
    await user.click(await screen.findByRole('button', { name: drawerTexts.openConfirmAction }));
    expect(await screen.findByText(drawerTexts.openedNow)).toBeVisible();
    expect(screen.getByRole('link', { name: drawerTexts.backToOperation })).toBeVisible();
    // Back at the top, the keyboard at the page's title, not mid-way down the closing count.
    await waitFor(() => expect(window.scrollY).toBe(0));
    expect(screen.getByRole('heading', { name: drawerTexts.pageTitle, level: 1 })).toHaveFocus();
  });

  it('opens with a count, then closes blind: the expected amount appears only in the close’s answer', async () => {
    api.on('GET /drawer', { body: { data: null } });
    api.on('POST /drawer/open', { status: 201, body: { data: openDrawerSession } });
    api.on('POST /drawer/close', { body: { data: closedTicket } });
    const { user } = renderApp({ path: '/drawer', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    // A negative count is said under its field, never read as 0, and nothing opens with it.
    await user.type(await screen.findByLabelText('Billet de 500 HTG', {}, { timeout: 5000 }), '-3');
    expect(screen.getByLabelText('Billet de 500 HTG')).toHaveAccessibleDescription(
      drawerMessages.countInvalid,
    );
    expect(screen.getByRole('button', { name: drawerTexts.openAction })).toBeDisabled();
    await user.clear(screen.getByLabelText('Billet de 500 HTG'));
    await user.type(screen.getByLabelText('Billet de 1 000 HTG'), '2');
    expect(screen.getByTestId('count-total')).toHaveTextContent('2 000,00 HTG');
    await user.click(screen.getByRole('button', { name: drawerTexts.openAction }));
    // The opening fund stays until the close: it asks first, with the total, and sends nothing before.
    const opening = await screen.findByRole('dialog', { name: drawerTexts.openConfirmTitle });
    expect(opening).toHaveTextContent(drawerTexts.openConfirm('2 000,00 HTG'));
    expect(api.requests.some((r) => r.path.endsWith('/drawer/open'))).toBe(false);
    await user.click(screen.getByRole('button', { name: drawerTexts.openConfirmAction }));
    expect(await screen.findByRole('button', { name: drawerTexts.closeAction })).toBeVisible();
    expect(api.requests.find((r) => r.path.endsWith('/drawer/open'))?.body).toEqual({
      counts: { '1000': 2 },
    });
    expect(screen.queryByText(drawerTexts.expected)).toBeNull();
    await user.type(screen.getByLabelText('Billet de 1 000 HTG'), '2');
    await user.click(screen.getByRole('button', { name: drawerTexts.closeAction }));
    // The close cannot be undone: it asks first, with the total counted, and nothing is sent before.
    const dialog = await screen.findByRole('dialog', { name: drawerTexts.closeConfirmTitle });
    expect(dialog).toHaveTextContent(drawerTexts.closeConfirm('2 000,00 HTG'));
    expect(api.requests.some((r) => r.path.endsWith('/drawer/close'))).toBe(false);
    await user.click(screen.getByRole('button', { name: drawerTexts.closeConfirmAction }));
    expect(await screen.findByText(drawerTexts.expected)).toBeVisible();
    expect(screen.getByText('−600,00 HTG (manquant)', { exact: false })).toBeVisible();
    expect(screen.getByTestId('fingerprint')).toHaveTextContent('a'.repeat(64));
    // The fees split as the drawer saw them: the deposits' in cash, the withdrawal's from the account.
    expect(screen.getByText(/Frais encaissés en espèces : 40,00/)).toBeVisible();
    expect(screen.getByText(/Frais prélevés sur les comptes : 60,00/)).toBeVisible();
    expect(screen.getByRole('button', { name: drawerTexts.verify })).toBeVisible();
    // The gap is said at once, as a warning, and the count to open again waits to be asked for.
    expect(screen.getByRole('alert')).toHaveTextContent('Caisse fermée avec un manquant de 600,00 HTG');
    expect(screen.queryByRole('button', { name: drawerTexts.openAction })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: drawerTexts.openAgain }));
    expect(await screen.findByRole('button', { name: drawerTexts.openAction })).toBeVisible();
    expect(screen.queryByText(drawerTexts.expected)).not.toBeInTheDocument();
  });

  it('asks before closing, warns when nothing is counted, and closes nothing when the teller cancels', async () => {
    api.on('GET /drawer', { body: { data: openDrawerSession } });
    api.on('POST /drawer/close', { body: { data: closedTicket } });
    const { user } = renderApp({ path: '/drawer', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    await user.click(await screen.findByRole('button', { name: drawerTexts.closeAction }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: drawerTexts.closeConfirmTitle });
    expect(dialog).toHaveTextContent(drawerTexts.closeConfirm('0,00 HTG'));
    expect(dialog).toHaveTextContent(drawerTexts.closeNothingCounted);
    // Focus starts on Annuler: an Enter pressed by habit closes nothing.
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.some((r) => r.path.endsWith('/drawer/close'))).toBe(false);
    expect(screen.getByRole('button', { name: drawerTexts.closeAction })).toBeVisible();
  });

  it('lets the administrator acknowledge a difference above the threshold', async () => {
    let acknowledged = false;
    api.on('GET /drawer/sessions', () => ({
      body: {
        data: [
          {
            ...closedTicket,
            acknowledgedBy: acknowledged ? 'admin.pap01' : null,
            acknowledgedAt: acknowledged ? '2026-11-24T23:00:00.000Z' : null,
            totals: undefined,
            fees: undefined,
            agentShare: undefined,
            threshold: undefined,
          },
        ].map(({ totals: _t, fees: _f, agentShare: _a, threshold: _h, ...session }) => session),
      },
    }));
    api.on(`POST /drawer/sessions/${closedTicket.id}/acknowledge`, () => {
      acknowledged = true;
      return {
        body: {
          data: {
            ...closedTicket,
            acknowledgedBy: 'admin.pap01',
            acknowledgedAt: '2026-11-24T23:00:00.000Z',
          },
        },
      };
    });
    const { user } = renderApp({ path: '/drawers', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    await user.click(
      await screen.findByRole('button', { name: drawerTexts.acknowledgeAction }, { timeout: 5000 }),
    );
    expect(
      await screen.findByText(drawerTexts.acknowledgedBy('admin.pap01'), { exact: false }),
    ).toBeVisible();
    expect(drawerMessages.drawerClosed).toMatch(/^Ouvrez votre caisse/);
  });

  it('tells the teller at once that her opening is short of her last close (decision 201)', async () => {
    api.on('GET /drawer', { body: { data: null } });
    api.on('POST /drawer/open', { status: 201, body: { data: openedShort } });
    const { user } = renderApp({ path: '/drawer', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    await user.type(await screen.findByLabelText('Billet de 1 000 HTG', {}, { timeout: 5000 }), '50');
    await user.click(screen.getByRole('button', { name: drawerTexts.openAction }));
    await user.click(await screen.findByRole('button', { name: drawerTexts.openConfirmAction }));
    const alert = await screen.findByText('Caisse ouverte avec un manquant de 50 000,00 HTG');
    expect(alert).toBeVisible();
    expect(
      screen.getByText(drawerTexts.openingDifferenceSince('100 000,00 HTG'), { exact: false }),
    ).toBeVisible();
    expect(screen.getByText(drawerTexts.openingNeedsAcknowledgement)).toBeVisible();
    // Still blind: nothing of the close's expected amount.
    expect(screen.queryByText(drawerTexts.expected)).toBeNull();
  });

  it('lists an opening’s difference for the administrator, who acknowledges it', async () => {
    let acknowledged = false;
    const session = () => ({
      ...openedShort,
      openingAcknowledgedBy: acknowledged ? 'admincap' : null,
      openingAcknowledgedAt: acknowledged ? '2026-11-24T13:00:00.000Z' : null,
    });
    api.on('GET /drawer/sessions', () => ({ body: { data: [session()] } }));
    api.on(`POST /drawer/sessions/${openedShort.id}/acknowledge-opening`, () => {
      acknowledged = true;
      return { body: { data: { ...session(), totals: [], fees: 0, agentShare: 0, threshold: 500 } } };
    });
    const { user } = renderApp({ path: '/drawers', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    expect(
      await screen.findByText(
        `${drawerTexts.openingDifference} : −50 000,00 HTG (manquant) ${drawerTexts.openingDifferenceOf('100 000,00 HTG')}`,
        { exact: false },
        { timeout: 5000 },
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: drawerTexts.acknowledgeOpeningAction }));
    expect(
      await screen.findByText(drawerTexts.openingAcknowledgedBy('admincap'), { exact: false }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: drawerTexts.acknowledgeOpeningAction })).toBeNull();
  });

  it('lets the administrator close a teller’s drawer with her own count, after a confirmation', async () => {
    let closed = false;
    const adminClose = {
      ...closedTicket,
      closingCounts: { '1000': 3 },
      counted: 3000,
      expected: 3550,
      difference: -550,
      closedBy: 'admincap',
      closedByAdministrator: true,
    };
    api.on('GET /drawer/sessions', () => ({
      body: { data: [closed ? listed(adminClose) : openDrawerSession] },
    }));
    api.on(`POST /drawer/sessions/${openDrawerSession.id}/close`, () => {
      closed = true;
      return { body: { data: adminClose } };
    });
    const { user } = renderApp({ path: '/drawers', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    await user.click(
      await screen.findByRole('button', { name: drawerTexts.adminCloseAction }, { timeout: 5000 }),
    );
    await user.type(screen.getByLabelText('Billet de 1 000 HTG'), '3');
    await user.click(screen.getByRole('button', { name: drawerTexts.adminCloseAction }));
    const dialog = await screen.findByRole('dialog', { name: drawerTexts.adminCloseConfirmTitle });
    expect(dialog).toHaveTextContent(
      drawerTexts.adminCloseConfirm('Marie Joseph (caisse.pap01)', '3 000,00 HTG'),
    );
    expect(api.requests.some((r) => r.path.endsWith('/close'))).toBe(false);
    await user.click(screen.getByRole('button', { name: drawerTexts.closeConfirmAction }));
    expect(await screen.findByText(drawerTexts.adminClosed('Marie Joseph'))).toBeVisible();
    expect(api.requests.find((r) => r.path.endsWith('/close'))?.body).toEqual({ counts: { '1000': 3 } });
    expect(
      await screen.findByText(`${drawerTexts.closedBy} admincap (${drawerTexts.closedByAdministrator})`),
    ).toBeVisible();
    // Its difference is not hers to acknowledge.
    expect(screen.queryByRole('button', { name: drawerTexts.acknowledgeAction })).toBeNull();
  });

  it('lets the super administrator acknowledge the difference of an administrator’s close', async () => {
    let acknowledged = false;
    const adminClose = () => ({
      ...closedTicket,
      difference: -550,
      closedBy: 'admincap',
      closedByAdministrator: true,
      acknowledgedBy: acknowledged ? 'superadmin' : null,
      acknowledgedAt: acknowledged ? '2026-11-24T23:00:00.000Z' : null,
    });
    api.on('GET /drawer/sessions', () => ({ body: { data: [listed(adminClose())] } }));
    api.on(`POST /drawer/sessions/${closedTicket.id}/acknowledge`, () => {
      acknowledged = true;
      return { body: { data: adminClose() } };
    });
    const { user } = renderApp({ path: '/drawers', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    expect(
      await screen.findByText(drawerTexts.superAdminAcknowledges, { exact: false }, { timeout: 5000 }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: drawerTexts.acknowledgeAction }));
    expect(await screen.findByText(drawerTexts.acknowledgedBy('superadmin'), { exact: false })).toBeVisible();
    expect(screen.queryByRole('button', { name: drawerTexts.adminCloseAction })).toBeNull();
  });

  it('prints on the ticket what the opening was compared with, and who closed it', async () => {
    const ticket = {
      ...closedTicket,
      previousCounted: 2500,
      openingDifference: -500,
      openingDifferenceKind: 'shortage',
      closedBy: 'admincap',
      closedByAdministrator: true,
    };
    api.on(`GET /drawer/sessions/${closedTicket.id}`, { body: { data: ticket } });
    renderApp({
      path: `/drawer/sessions/${closedTicket.id}`,
      token: makeToken(agentAdmin),
      apiBaseUrl: api.baseUrl,
    });
    expect(await screen.findByText(drawerTexts.previousCounted, {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(drawerTexts.openingDifference).nextSibling).toHaveTextContent(
      '−500,00 HTG (manquant)',
    );
    expect(
      screen.getByText(`${drawerTexts.closedBy} admincap (${drawerTexts.closedByAdministrator})`, {
        exact: false,
      }),
    ).toBeVisible();
    expect(screen.getByText(drawerTexts.superAdminAcknowledges)).toBeVisible();
  });

  it('counts every coin beside the notes, in the total and the opening sent (decision 212)', async () => {
    api.on('GET /drawer', { body: { data: null } });
    api.on('POST /drawer/open', { status: 201, body: { data: openDrawerSession } });
    const { user } = renderApp({ path: '/drawer', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    const coins = await screen.findByRole('group', { name: drawerTexts.coins }, { timeout: 5000 });
    expect(Array.from(coins.querySelectorAll('label'), (label) => label.textContent)).toEqual([
      'Pièce de 5 HTG',
      'Pièce de 1 HTG',
      'Pièce de 50 centimes',
      'Pièce de 20 centimes',
      'Pièce de 10 centimes',
      'Pièce de 5 centimes',
    ]);
    expect(screen.getByRole('group', { name: drawerTexts.notes })).toBeVisible();
    await user.type(screen.getByLabelText('Billet de 1 000 HTG'), '1');
    await user.type(screen.getByLabelText('Pièce de 20 centimes'), '1');
    await user.type(screen.getByLabelText('Pièce de 10 centimes'), '2');
    await user.type(screen.getByLabelText('Pièce de 5 centimes'), '1');
    expect(screen.getByTestId('count-total')).toHaveTextContent('1 000,45 HTG');
    expect(screen.getByLabelText('Pièce de 5 centimes')).toHaveAttribute('inputmode', 'numeric');
    await user.click(screen.getByRole('button', { name: drawerTexts.openAction }));
    await user.click(await screen.findByRole('button', { name: drawerTexts.openConfirmAction }));
    expect(await screen.findByText(drawerTexts.openedNow)).toBeVisible();
    expect(api.requests.find((r) => r.path.endsWith('/drawer/open'))?.body).toEqual({
      counts: { '1000': 1, '0.20': 1, '0.10': 2, '0.05': 1 },
    });
  });

  it('says a difference below the smallest coin is a rounding, not a shortage, and prints the coins', async () => {
    const rounded = {
      ...closedTicket,
      closingCounts: { '100': 1, '25': 1, '0.50': 1, '0.20': 1, '0.05': 1 },
      counted: 125.75,
      expected: 125.78,
      difference: -0.03,
      differenceKind: 'rounding',
      needsAcknowledgement: false,
    };
    api.on('GET /drawer', { body: { data: openDrawerSession } });
    api.on('POST /drawer/close', { body: { data: rounded } });
    const { user } = renderApp({ path: '/drawer', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    await user.type(await screen.findByLabelText('Billet de 100 HTG', {}, { timeout: 5000 }), '1');
    await user.click(screen.getByRole('button', { name: drawerTexts.closeAction }));
    await user.click(await screen.findByRole('button', { name: drawerTexts.closeConfirmAction }));
    expect(await screen.findByText('Caisse fermée avec un arrondi de 0,03 HTG')).toBeVisible();
    const explained = 'Moins que la plus petite pièce (0,05 HTG) : un arrondi, ni manquant ni excédent.';
    expect(screen.getByRole('status')).toHaveTextContent(explained);
    expect(screen.getByText(drawerTexts.difference).nextSibling).toHaveTextContent('−0,03 HTG (arrondi)');
    // Nothing said as a shortage, nothing to acknowledge, no warning.
    expect(screen.queryByText(/\(manquant\)|un manquant/)).toBeNull();
    expect(screen.queryByText(drawerTexts.needsAcknowledgement)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // The ticket prints the coins counted.
    const ticket = screen.getByRole('region', { name: drawerTexts.ticketTitle });
    expect(within(ticket).getByText('Pièce de 5 centimes').nextSibling).toHaveTextContent('× 1');
    expect(within(ticket).getByText('Pièce de 20 centimes')).toBeVisible();
  });

  it('lists a rounding for the administrator, with nothing to acknowledge (decision 212)', async () => {
    api.on('GET /drawer/sessions', {
      body: {
        data: [
          listed({
            ...closedTicket,
            difference: 0.02,
            differenceKind: 'rounding',
            needsAcknowledgement: false,
          }),
        ],
      },
    });
    renderApp({ path: '/drawers', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    expect(
      await screen.findByText(`${drawerTexts.difference} : +0,02 HTG (arrondi)`, {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: drawerTexts.acknowledgeAction })).toBeNull();
  });
});

describe('the drawer in Kreyòl (decisions 236, 238)', () => {
  let api: ApiServer;
  beforeEach(async () => {
    api = await startApiServer();
    await speakKreyol();
  });
  afterEach(async () => {
    await api.close();
    await setScreenLanguage('fr');
  });

  it('asks for the count in Kreyòl, coin by coin', async () => {
    api.on('GET /drawer', { body: { data: null } });
    renderApp({ path: '/drawer', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(
      await screen.findByRole('heading', { name: 'Kès mwen', level: 1 }, { timeout: 5000 }),
    ).toBeVisible();
    expect(await screen.findByRole('group', { name: 'Pyès monnen' })).toBeVisible();
    expect(screen.getByLabelText('Biyè 1 000 HTG')).toBeVisible();
    expect(screen.getByLabelText('Pyès 5 santim')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Louvri kès mwen' })).toBeVisible();
  });

  it('says a closed session’s difference and dates in Kreyòl', async () => {
    api.on(`GET /drawer/sessions/${closedTicket.id}`, { body: { data: closedTicket } });
    renderApp({
      path: `/drawer/sessions/${closedTicket.id}`,
      token: makeToken(agentAdmin),
      apiBaseUrl: api.baseUrl,
    });
    expect(
      await screen.findByRole('heading', { name: 'Tikè kès', level: 2 }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByText('Diferans').nextSibling).toHaveTextContent('−600,00 HTG (manke)');
    expect(screen.getByText('Depo (2)')).toBeVisible();
    expect(screen.getByText('Louvri 24/11/2026 07:00', { exact: false })).toBeVisible();
  });
});
