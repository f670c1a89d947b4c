import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { loginAnswer, makeToken } from '../../test/tokens';
import { superAdmin, teller } from '../../test/users';
import { serveEmptyDashboard } from '../../test/transactions';
import { mfaMessages } from '@lajan/domain';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  await api.close();
});

function openLogin() {
  return renderApp({ path: '/login', apiBaseUrl: api.baseUrl });
}

describe('the sign-in page', () => {
  it('welcomes, speaks of mobile payment and links to the forgotten password and registration', async () => {
    openLogin();
    expect(await screen.findByRole('heading', { name: 'Bienvenue sur Lajan' })).toBeVisible();
    expect(screen.getByText(/paiement mobile/i)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    // A customer has no sign-in: the page says whose it is and invites a new customer (decision 213).
    expect(screen.getByText('La connexion est réservée au personnel Lajan.')).toBeVisible();
    expect(screen.getByText('Vous êtes un nouveau client ?')).toBeVisible();
    expect(screen.getByRole('link', { name: "Demandez l'ouverture d'un compte" })).toHaveAttribute('href', '/register');
    expect(screen.queryByText(/Pas encore client/)).toBeNull();
  });

  it('puts the cursor in the username at a computer, not on a touch screen', async () => {
    const fine = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation(
        (query: string) => ({ matches: query === '(pointer: fine)', media: query }) as MediaQueryList,
      );
    openLogin();
    expect(await screen.findByRole('textbox', { name: "Nom d'utilisateur" })).toHaveFocus();
    fine.mockRestore();
  });

  it('marks both fields as required and says which one is missing, under it', async () => {
    const { user } = openLogin();
    await user.click(await screen.findByRole('button', { name: 'Se connecter' }));

    const username = screen.getByLabelText("Nom d'utilisateur");
    const password = screen.getByLabelText('Mot de passe');
    expect(await screen.findByText("Nom d'utilisateur requis")).toBeVisible();
    expect(screen.getByText('Mot de passe requis')).toBeVisible();
    expect(username).toHaveAccessibleDescription("Nom d'utilisateur requis");
    expect(password).toHaveAccessibleDescription('Mot de passe requis');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    // The asterisk of a required field stands beside its label.
    expect(screen.getByText("Nom d'utilisateur", { selector: 'label' }).nextElementSibling).toHaveTextContent(
      '*',
    );
    expect(api.requests).toEqual([]);

    await user.type(username, 'caissiere');
    expect(screen.queryByText("Nom d'utilisateur requis")).not.toBeInTheDocument();
  });

  it('shows "Nom d\'utilisateur ou mot de passe incorrect" on the form for wrong credentials', async () => {
    api.on('POST /auth/login', {
      status: 401,
      body: { message: "Nom d'utilisateur ou mot de passe incorrect", code: 'UNAUTHENTICATED' },
    });
    const { user } = openLogin();
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), 'superadmin');
    await user.type(screen.getByLabelText('Mot de passe'), 'pas-le-bon-mot');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Nom d'utilisateur ou mot de passe incorrect");
    expect(window.location.pathname).toBe('/login');
    expect(localStorage.length).toBe(0);
    expect(api.requests[0]?.body).toEqual({ username: 'superadmin', password: 'pas-le-bon-mot' });
  });

  it('shows the server message when sign-in is throttled', async () => {
    api.on('POST /auth/login', {
      status: 429,
      body: {
        message: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
        code: 'TOO_MANY_REQUESTS',
      },
    });
    const { user } = openLogin();
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), 'superadmin');
    await user.type(screen.getByLabelText('Mot de passe'), 'encore-faux');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(
      await screen.findByText('Trop de tentatives. Veuillez réessayer dans quelques minutes.'),
    ).toBeVisible();
  });

  it('shows a loading button while the server answers, then signs in and says "Connexion réussie"', async () => {
    let answer: (() => void) | undefined;
    const token = makeToken(teller);
    api.on(
      'POST /auth/login',
      () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              body: { data: { access_token: token, token_type: 'Bearer', expires_in: 28800, user: teller } },
            });
        }),
    );
    serveEmptyDashboard(api);
    const { user } = openLogin();
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), ' caissiere ');
    await user.type(screen.getByLabelText('Mot de passe'), 'Mot-de-passe-1');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    const busy = await screen.findByRole('button', { name: 'Connexion...' });
    expect(busy).toBeDisabled();
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();

    expect(await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
    expect(window.location.pathname).toBe('/');
    expect(
      within(screen.getByRole('region', { name: 'Notifications' })).getByText('Connexion réussie'),
    ).toBeVisible();
    expect(Object.keys(localStorage)).toEqual(['access_token']);
    expect(localStorage.getItem('access_token')).toBe(token);
    expect(api.requests[0]?.body).toEqual({ username: 'caissiere', password: 'Mot-de-passe-1' });
  });

  it('sends a new user (no passwordUpdatedAt) to the first password change', async () => {
    const newcomer = { ...superAdmin, passwordUpdatedAt: null };
    api.on('POST /auth/login', { body: loginAnswer(newcomer) });
    const { user } = openLogin();
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), 'superadmin');
    await user.type(screen.getByLabelText('Mot de passe'), 'Depart-2026!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { name: 'Choisissez votre mot de passe' })).toBeVisible();
    expect(window.location.pathname).toBe('/first-update-password');
  });

  it('refuses an answer whose token is not valid', async () => {
    api.on('POST /auth/login', {
      body: { data: { ...loginAnswer(teller).data, access_token: 'pas.un-jeton' } },
    });
    const { user } = openLogin();
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), 'caissiere');
    await user.type(screen.getByLabelText('Mot de passe'), 'Mot-de-passe-1');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Une erreur est survenue');
    expect(localStorage.length).toBe(0);
  });

  it('asks for the code of the second factor after a right password, says a wrong one under the field, then signs in', async () => {
    api.on('POST /auth/login', {
      status: 401,
      body: { message: mfaMessages.required, code: 'MFA_REQUIRED', challenge: 'defi-1' },
    });
    let tries = 0;
    api.on('POST /auth/login/mfa', () => {
      tries += 1;
      return tries === 1
        ? {
            status: 422,
            body: {
              message: mfaMessages.codeInvalid,
              code: 'VALIDATION_ERROR',
              errors: { code: [mfaMessages.codeInvalid] },
            },
          }
        : { body: loginAnswer(superAdmin) };
    });
    serveEmptyDashboard(api);
    const { user } = openLogin();
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), 'superadmin');
    await user.type(screen.getByLabelText('Mot de passe'), 'Depart-2026!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByText(mfaMessages.required)).toBeVisible();
    expect(localStorage.length).toBe(0);
    const code = screen.getByRole('textbox', { name: /Code de vérification/ });
    expect(code).toHaveFocus();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText(mfaMessages.codeInvalid)).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
    expect(api.requests.filter((r) => r.path.endsWith('/auth/login/mfa')).map((r) => r.body)).toEqual([
      { challenge: 'defi-1', code: '000000' },
      { challenge: 'defi-1', code: '123456' },
    ]);
  });

  it('sends back to the password when the second step has expired', async () => {
    api.on('POST /auth/login', {
      status: 401,
      body: { message: mfaMessages.required, code: 'MFA_REQUIRED', challenge: 'defi-1' },
    });
    api.on('POST /auth/login/mfa', {
      status: 401,
      body: { message: mfaMessages.challengeExpired, code: 'UNAUTHENTICATED' },
    });
    const { user } = openLogin();
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), 'superadmin');
    await user.type(screen.getByLabelText('Mot de passe'), 'Depart-2026!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await user.type(await screen.findByRole('textbox', { name: /Code de vérification/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Valider' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(mfaMessages.challengeExpired);
    expect(screen.getByLabelText('Mot de passe')).toHaveValue('');
    expect(window.location.pathname).toBe('/login');
  });

  it('makes a super administrator enrol first under MFA_REQUIRED: QR code, first code, recovery codes shown once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `AAAAA-BBBBB-CCCCC-DDDDD-EEEE${i + 2}`);
    api.on('POST /auth/login', {
      status: 401,
      body: { message: mfaMessages.enrolmentRequired, code: 'MFA_ENROLMENT_REQUIRED', challenge: 'defi-2' },
    });
    api.on('POST /auth/login/mfa/enrol', {
      body: {
        data: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/Lajan:superadmin?secret=JBSWY3DPEHPK3PXP&issuer=Lajan',
          qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>',
        },
      },
    });
    api.on('POST /auth/login/mfa/enrol/confirm', {
      body: { data: { ...loginAnswer(superAdmin).data, recovery_codes: codes } },
    });
    serveEmptyDashboard(api);
    const { user } = openLogin();
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), 'superadmin');
    await user.type(screen.getByLabelText('Mot de passe'), 'Depart-2026!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('img', { name: 'QR code du second facteur' })).toBeVisible();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /Code de vérification/ }), '654321');
    await user.click(screen.getByRole('button', { name: 'Activer et se connecter' }));

    const list = await screen.findByRole('list', { name: 'Codes de secours' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    // No session until the codes are noted.
    expect(localStorage.length).toBe(0);
    await user.click(screen.getByRole('button', { name: 'J’ai noté mes codes de secours' }));
    expect(await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
    expect(api.requests.find((r) => r.path.endsWith('/auth/login/mfa/enrol/confirm'))?.body).toEqual({
      challenge: 'defi-2',
      code: '654321',
    });
  });
});
