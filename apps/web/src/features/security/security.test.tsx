import { screen, within } from '@testing-library/react';
import { mfaMessages } from '@lajan/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { serveEmptyDashboard } from '../../test/transactions';
import { agentAdmin, superAdmin, teller } from '../../test/users';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  await api.close();
});

const codes = Array.from({ length: 10 }, (_, i) => `AAAAA-BBBBB-CCCCC-DDDDD-EEEE${i + 2}`);

describe('/security, « Sécurité du compte » (decision 203)', () => {
  it('enrols an administrator: QR code and key, a wrong first code under its field, then the recovery codes once', async () => {
    let enrolled = false;
    api.on('GET /auth/mfa', () => ({
      body: { data: { enrolled, required: false, recovery_codes_left: enrolled ? 10 : 0 } },
    }));
    api.on('POST /auth/mfa/enrol', {
      body: {
        data: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/Lajan:gerant?secret=JBSWY3DPEHPK3PXP&issuer=Lajan',
          qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>',
        },
      },
    });
    let tries = 0;
    api.on('POST /auth/mfa/enrol/confirm', () => {
      tries += 1;
      if (tries === 1)
        return {
          status: 422,
          body: {
            message: mfaMessages.codeInvalid,
            code: 'VALIDATION_ERROR',
            errors: { code: [mfaMessages.codeInvalid] },
          },
        };
      enrolled = true;
      return { body: { data: { message: mfaMessages.enrolled, recovery_codes: codes } } };
    });
    const { user } = renderApp({ path: '/security', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });

    // The first screen of the file loads its chunk cold.
    expect(
      await screen.findByRole('heading', { name: 'Sécurité du compte', level: 1 }, { timeout: 5_000 }),
    ).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Activer le second facteur' }));
    expect(await screen.findByRole('img', { name: 'QR code du second facteur' })).toBeVisible();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeVisible();

    const field = screen.getByRole('textbox', { name: /Code de vérification/ });
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText(mfaMessages.codeInvalid)).toBeVisible();
    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));

    const list = await screen.findByRole('list', { name: 'Codes de secours' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    await user.click(screen.getByRole('button', { name: 'J’ai noté mes codes de secours' }));
    expect(await screen.findByText('Codes de secours restants :')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Codes de secours' })).not.toBeInTheDocument();
  });

  it('disables only after a confirmation with the password and a code', async () => {
    let enrolled = true;
    api.on('GET /auth/mfa', () => ({
      body: { data: { enrolled, required: false, recovery_codes_left: 7 } },
    }));
    api.on('POST /auth/mfa/disable', () => {
      enrolled = false;
      return { body: { data: { message: mfaMessages.disabled } } };
    });
    const { user } = renderApp({ path: '/security', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    await user.click(await screen.findByRole('button', { name: 'Désactiver le second facteur' }));

    const dialog = await screen.findByRole('dialog', { name: 'Désactiver le second facteur ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(within(dialog).getByText('Mot de passe requis')).toBeVisible();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Mot de passe actuel/), 'Gerant-Lakou-2026');
    await user.type(within(dialog).getByRole('textbox', { name: /Code de vérification/ }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(await screen.findByRole('button', { name: 'Activer le second facteur' })).toBeVisible();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      password: 'Gerant-Lakou-2026',
      code: '123456',
    });
  });

  it('checks the forms with the domain’s schemas: each message under its field, nothing sent', async () => {
    api.on('GET /auth/mfa', { body: { data: { enrolled: true, required: false, recovery_codes_left: 7 } } });
    const { user } = renderApp({ path: '/security', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    await user.click(await screen.findByRole('button', { name: 'Désactiver le second facteur' }));

    const dialog = await screen.findByRole('dialog', { name: 'Désactiver le second facteur ?' });
    await user.click(within(dialog).getByLabelText(/Mot de passe actuel/));
    await user.paste('p'.repeat(257));
    await user.click(within(dialog).getByRole('textbox', { name: /Code de vérification/ }));
    await user.paste('1'.repeat(65));
    await user.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(within(dialog).getByLabelText(/Mot de passe actuel/)).toHaveAccessibleDescription(
      'Au plus 256 caractères',
    );
    expect(within(dialog).getByRole('textbox', { name: /Code de vérification/ })).toHaveAccessibleDescription(
      mfaMessages.codeInvalid,
    );
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('tells a super administrator under MFA_REQUIRED that the factor stays', async () => {
    api.on('GET /auth/mfa', { body: { data: { enrolled: true, required: true, recovery_codes_left: 10 } } });
    renderApp({ path: '/security', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByText(mfaMessages.cannotDisableRequired)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Désactiver le second facteur' })).not.toBeInTheDocument();
  });

  it('is not for tellers: they keep a password', async () => {
    serveEmptyDashboard(api);
    renderApp({ path: '/security', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Sécurité du compte');
    expect(api.requests.some((r) => r.path.endsWith('/auth/mfa'))).toBe(false);
  });
});
