import { screen } from '@testing-library/react';
import { registerTexts } from '@lajan/domain';
import { describe, expect, it } from 'vitest';
import { navigateTo, renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { teller } from '../../test/users';

describe('the error pages', () => {
  it('"Accès interdit": Retour goes back to the page before the forbidden one', async () => {
    const { app, user } = renderApp({ path: '/', token: makeToken(teller) });
    await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 });
    await navigateTo(app, '/create-agent');
    expect(await screen.findByRole('heading', { name: 'Accès interdit' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
  });

  it('"Problème serveur" reads its message from the query string, and has a default', async () => {
    const { user } = renderApp({ path: '/500?message=Connexion%20perdue' });
    expect(await screen.findByRole('heading', { name: 'Problème serveur' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Afficher les détails techniques' }));
    expect(screen.getByText('Connexion perdue')).toBeVisible();
  });

  it('"Problème serveur" without message says there is no detail', async () => {
    const { user } = renderApp({ path: '/500' });
    await user.click(await screen.findByRole('button', { name: 'Afficher les détails techniques' }));
    expect(screen.getByText('Aucun détail disponible.')).toBeVisible();
  });

  it('"Page non trouvée": Retour goes back', async () => {
    const { app, user } = renderApp({ path: '/', token: makeToken(teller) });
    await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 });
    await navigateTo(app, '/transaction/inconnue');
    expect(await screen.findByRole('heading', { name: 'Page non trouvée' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
  });

  it('the registration wizard links back to sign-in', async () => {
    const { user } = renderApp({ path: '/register' });
    expect(await screen.findByRole('heading', { name: 'Ouvrir un compte' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: registerTexts.staffSignIn }));
    expect(await screen.findByRole('heading', { name: 'Bienvenue sur Lajan' })).toBeVisible();
  });
});
