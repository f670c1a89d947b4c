import { authMessages } from '@lajan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { teller } from '../../test/users';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  await api.close();
});

const newcomer = { ...teller, passwordUpdatedAt: null };
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

function openFirstPassword() {
  return renderApp({ path: '/first-update-password', token: makeToken(newcomer), apiBaseUrl: api.baseUrl });
}

describe('the password form (SPEC §5) on /first-update-password', () => {
  it('shows the current password and says what is wrong under each field', async () => {
    const { user } = openFirstPassword();
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByLabelText('Mot de passe actuel')).toHaveAccessibleDescription('Mot de passe requis');
    expect(screen.getByLabelText('Nouveau mot de passe')).toHaveAccessibleDescription(
      '8 caractères minimum. Mot de passe requis',
    );
    expect(screen.getByLabelText('Confirmer le nouveau mot de passe')).toHaveAccessibleDescription(
      'La confirmation est requise',
    );

    await user.type(screen.getByLabelText('Mot de passe actuel'), 'Temporaire-1');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'court');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'autre');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Au moins 8 caractères')).toBeVisible();
    expect(screen.getByText('Les mots de passe doivent correspondre')).toBeVisible();
    expect(api.requests).toEqual([]);
  });

  it('puts the server field errors on the fields, first message each, and toasts the message', async () => {
    api.on('POST /users/update-password', {
      status: 422,
      body: {
        message: 'Veuillez corriger les erreurs du formulaire',
        code: 'VALIDATION_ERROR',
        errors: {
          current_password: ['Le mot de passe actuel est incorrect', 'second message'],
          password: ["Le nouveau mot de passe doit être différent de l'ancien"],
        },
      },
    });
    const { user } = openFirstPassword();
    await user.type(await screen.findByLabelText('Mot de passe actuel'), 'Pas-le-bon-1');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau-Mot-1');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'Nouveau-Mot-1');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Le mot de passe actuel est incorrect')).toBeVisible();
    expect(screen.getByLabelText('Mot de passe actuel')).toHaveAccessibleDescription(
      'Le mot de passe actuel est incorrect',
    );
    expect(screen.queryByText('second message')).not.toBeInTheDocument();
    expect(screen.getByText("Le nouveau mot de passe doit être différent de l'ancien")).toBeVisible();
    expect(toasts().getByText('Veuillez corriger les erreurs du formulaire')).toBeVisible();
    expect(api.requests[0]?.body).toEqual({
      current_password: 'Pas-le-bon-1',
      password: 'Nouveau-Mot-1',
      password_confirmation: 'Nouveau-Mot-1',
    });
    expect(api.requests[0]?.headers.authorization).toBe(`Bearer ${localStorage.getItem('access_token')}`);
  });

  it('says a new password the server refuses once, under the field (decision 214)', async () => {
    api.on('POST /users/update-password', {
      status: 422,
      body: {
        message: authMessages.weakPassword,
        code: 'VALIDATION_ERROR',
        errors: { password: [authMessages.weakPassword] },
      },
    });
    const { user } = openFirstPassword();
    await user.type(await screen.findByLabelText('Mot de passe actuel'), 'Temporaire-1');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Soleil-2026');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'Soleil-2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Veuillez corriger les erreurs du formulaire')).toBeVisible();
    expect(screen.getByLabelText('Nouveau mot de passe')).toHaveAccessibleDescription(
      `8 caractères minimum. ${authMessages.weakPassword}`,
    );
    expect(screen.getAllByText(authMessages.weakPassword)).toHaveLength(1);
  });

  it('toasts "Échec de la modification du mot de passe" when the failure has no message', async () => {
    api.on('POST /users/update-password', { status: 502, proxy: true });
    const { user } = openFirstPassword();
    await user.type(await screen.findByLabelText('Mot de passe actuel'), 'Temporaire-1');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau-Mot-1');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'Nouveau-Mot-1');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await toasts().findByText('Échec de la modification du mot de passe')).toBeVisible();
  });

  it('keeps the new user signed in with the fresh token and opens the dashboard: no second sign-in (decision 133)', async () => {
    const changed = { ...newcomer, passwordUpdatedAt: '2026-11-22T14:00:00.000Z' };
    const fresh = makeToken(changed);
    api.on('POST /users/update-password', {
      body: {
        data: {
          message: 'Mot de passe mis à jour avec succès',
          access_token: fresh,
          token_type: 'Bearer',
          expires_in: 1800,
          user: changed,
        },
      },
    });
    const { user } = openFirstPassword();
    await user.type(await screen.findByLabelText('Mot de passe actuel'), 'Temporaire-1');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau-Mot-1');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'Nouveau-Mot-1');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    expect(toasts().getByText('Mot de passe mis à jour avec succès')).toBeVisible();
    expect(window.location.pathname).toBe('/');
    expect(localStorage.getItem('access_token')).toBe(fresh);
    expect(screen.queryByRole('heading', { name: 'Bienvenue sur Lajan' })).toBeNull();
  });
});

describe('/update-password', () => {
  it('is the same form inside the shell', async () => {
    renderApp({ path: '/update-password', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Changer le mot de passe' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    expect(screen.getByLabelText('Mot de passe actuel')).toBeVisible();
  });

  it('signs the user out after a successful change and shows the sign-in page with a toast (SPEC §4)', async () => {
    api.on('POST /users/update-password', {
      body: {
        data: {
          message: 'Mot de passe mis à jour avec succès',
          access_token: makeToken(teller),
          token_type: 'Bearer',
          expires_in: 1800,
          user: teller,
        },
      },
    });
    const { user } = renderApp({
      path: '/update-password',
      token: makeToken(teller),
      apiBaseUrl: api.baseUrl,
    });
    await user.type(await screen.findByLabelText('Mot de passe actuel'), 'Ancien-Mot-1');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau-Mot-1');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'Nouveau-Mot-1');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByRole('heading', { name: 'Bienvenue sur Lajan' })).toBeVisible();
    expect(toasts().getByText('Mot de passe mis à jour avec succès')).toBeVisible();
    expect(window.location.pathname).toBe('/login');
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});

describe('/forgot-password', () => {
  it('asks for the username', async () => {
    const { user } = renderApp({ path: '/forgot-password', apiBaseUrl: api.baseUrl });
    await user.click(await screen.findByRole('button', { name: 'Envoyer le lien' }));
    expect(screen.getByLabelText("Nom d'utilisateur")).toHaveAccessibleDescription(
      "Nom d'utilisateur requis",
    );
  });

  it('says that the link was sent, on the page and in a toast', async () => {
    api.on('POST /forgot-password', {
      body: { data: { message: 'Un lien de réinitialisation a été envoyé à votre adresse email.' } },
    });
    const { user } = renderApp({ path: '/forgot-password', apiBaseUrl: api.baseUrl });
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), 'superadmin');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));

    expect(
      await screen.findByText('Un lien de réinitialisation a été envoyé à votre adresse email.'),
    ).toBeVisible();
    expect(toasts().getByText('Lien de réinitialisation envoyé')).toBeVisible();
    expect(api.requests[0]?.body).toEqual({ username: 'superadmin' });
  });

  it('toasts the server message and asks to try again when the failure has no field errors', async () => {
    api.on('POST /forgot-password', {
      status: 429,
      body: { message: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.' },
    });
    const { user } = renderApp({ path: '/forgot-password', apiBaseUrl: api.baseUrl });
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), 'superadmin');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));

    expect(
      await toasts().findByText('Trop de tentatives. Veuillez réessayer dans quelques minutes.'),
    ).toBeVisible();
    expect(screen.getByText('Une erreur est survenue. Veuillez réessayer.')).toBeVisible();
  });

  it('toasts "Échec de l\'envoi du lien" when the server gives no message', async () => {
    api.on('POST /forgot-password', { status: 502, proxy: true });
    const { user } = renderApp({ path: '/forgot-password', apiBaseUrl: api.baseUrl });
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), 'superadmin');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await toasts().findByText("Échec de l'envoi du lien")).toBeVisible();
  });
});

describe('/reset-password/:token', () => {
  it('sets the new password with the token and username of the link, then goes to /login', async () => {
    api.on('POST /reset-password', { body: { data: { message: 'Mot de passe réinitialisé avec succès' } } });
    const { user } = renderApp({
      path: '/reset-password/jeton-42?username=superadmin',
      apiBaseUrl: api.baseUrl,
    });
    expect(await screen.findByText(/pour superadmin/)).toBeVisible();
    expect(screen.queryByLabelText('Mot de passe actuel')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau-Mot-1');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'Nouveau-Mot-1');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));

    expect(await screen.findByRole('heading', { name: 'Bienvenue sur Lajan' })).toBeVisible();
    expect(toasts().getByText('Mot de passe réinitialisé avec succès')).toBeVisible();
    expect(api.requests[0]?.body).toEqual({
      username: 'superadmin',
      token: 'jeton-42',
      password: 'Nouveau-Mot-1',
      password_confirmation: 'Nouveau-Mot-1',
    });
  });

  it('says when the link is invalid or expired, and offers a new one', async () => {
    api.on('POST /reset-password', {
      status: 422,
      body: {
        message: 'Ce lien de réinitialisation est invalide ou a expiré.',
        errors: { token: ['Ce lien de réinitialisation est invalide ou a expiré.'] },
      },
    });
    const { user } = renderApp({
      path: '/reset-password/vieux?username=superadmin',
      apiBaseUrl: api.baseUrl,
    });
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'Nouveau-Mot-1');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'Nouveau-Mot-1');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));

    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent('Ce lien de réinitialisation est invalide ou a expiré.');
    expect(within(alert).getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(window.location.pathname).toBe('/reset-password/vieux');
  });

  it('shows under the new password that the server found it too common', async () => {
    api.on('POST /reset-password', {
      status: 422,
      body: {
        message: authMessages.commonPassword,
        code: 'VALIDATION_ERROR',
        errors: { password: [authMessages.commonPassword] },
      },
    });
    const { user } = renderApp({
      path: '/reset-password/jeton-7?username=superadmin',
      apiBaseUrl: api.baseUrl,
    });
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'Azertyuiop');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'Azertyuiop');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Nouveau mot de passe')).toHaveAccessibleDescription(
        expect.stringContaining(authMessages.commonPassword),
      ),
    );
    expect(window.location.pathname).toBe('/reset-password/jeton-7');
  });

  it('says a password the server refuses once, under the field: no link alert, a toast that points to it (decision 214)', async () => {
    api.on('POST /reset-password', {
      status: 422,
      body: {
        message: authMessages.weakPassword,
        code: 'VALIDATION_ERROR',
        errors: { password: [authMessages.weakPassword] },
      },
    });
    const { user } = renderApp({
      path: '/reset-password/jeton-8?username=superadmin',
      apiBaseUrl: api.baseUrl,
    });
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'Soleil-2026');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'Soleil-2026');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));

    expect(await toasts().findByText('Veuillez corriger les erreurs du formulaire')).toBeVisible();
    expect(screen.getByLabelText('Nouveau mot de passe')).toHaveAccessibleDescription(
      `8 caractères minimum. ${authMessages.weakPassword}`,
    );
    expect(screen.getAllByText(authMessages.weakPassword)).toHaveLength(1);
    expect(within(screen.getByRole('main')).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Demander un nouveau lien' })).not.toBeInTheDocument();
  });

  it('toasts "Échec de la réinitialisation" when the server gives no message', async () => {
    api.on('POST /reset-password', { status: 502, proxy: true });
    const { user } = renderApp({
      path: '/reset-password/jeton?username=superadmin',
      apiBaseUrl: api.baseUrl,
    });
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'Nouveau-Mot-1');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'Nouveau-Mot-1');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
    expect(await toasts().findByText('Échec de la réinitialisation')).toBeVisible();
  });

  it('says that a link without username is incomplete', async () => {
    const { user } = renderApp({ path: '/reset-password/jeton', apiBaseUrl: api.baseUrl });
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'Nouveau-Mot-1');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'Nouveau-Mot-1');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
    expect(await screen.findByText("Nom d'utilisateur requis")).toBeVisible();
    expect(api.requests).toEqual([]);
  });
});
