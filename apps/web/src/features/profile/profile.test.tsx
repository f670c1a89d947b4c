import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { apiUsers } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { serveEmptyDashboard } from '../../test/transactions';
import { superAdmin, teller } from '../../test/users';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  await api.close();
});

function valueOf(region: HTMLElement, label: string) {
  return within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('/profile (SPEC §2, §3, §6)', () => {
  it("shows the signed-in user's own details with French labels and dates, and the change-password link", async () => {
    api.on(`GET /users/${teller.id}`, { body: { data: apiUsers.teller } });
    renderApp({ path: '/profile', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(await screen.findByText('Chargement de votre profil...')).toBeVisible();
    const personal = await screen.findByRole('region', { name: 'Informations personnelles' });
    expect(screen.getByRole('heading', { name: 'Mon Profil', level: 1 })).toBeVisible();
    expect(screen.getByText('Nadège JOSEPH · Caissier · Cap Services (CAP01)')).toBeVisible();
    expect(valueOf(personal, "Nom d'utilisateur")).toBe('caissiere');
    expect(valueOf(personal, 'Date de naissance')).toBe('12/03/1985');
    expect(valueOf(personal, 'Sexe')).toBe('Femme');
    expect(valueOf(personal, 'Statut matrimonial')).toBe('Célibataire');
    expect(valueOf(personal, 'Document')).toBe("Carte d'identité · 001-222-333");
    const contact = screen.getByRole('region', { name: 'Coordonnées' });
    expect(valueOf(contact, 'Commune')).toBe('Pétion-Ville');
    expect(valueOf(contact, 'Département')).toBe('Ouest');
    // The teller's role and its cash point, each with its own word (decision 213).
    const account = screen.getByRole('region', { name: 'Compte' });
    expect(valueOf(account, 'Rôle')).toBe('Caissier');
    expect(valueOf(account, 'Agent')).toBe('Cap Services (CAP01)');
    expect(screen.getByRole('link', { name: 'Modifier le mot de passe' })).toHaveAttribute('href', '/update-password');
    expect(api.requests.map((r) => r.path)).toEqual([`/users/${teller.id}`]);
  });

  it('says "Non spécifié" for a missing date of birth and missing fields', async () => {
    api.on(`GET /users/${superAdmin.id}`, {
      body: { data: { ...apiUsers.superAdmin, dob: null, gender: null, maritalStatus: null, phoneNumber: null } },
    });
    renderApp({ path: '/profile', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    const personal = await screen.findByRole('region', { name: 'Informations personnelles' });
    expect(valueOf(personal, 'Date de naissance')).toBe('Non spécifié');
    expect(valueOf(personal, 'Sexe')).toBe('Non spécifié');
    expect(valueOf(personal, 'Statut matrimonial')).toBe('Non spécifié');
    expect(valueOf(screen.getByRole('region', { name: 'Coordonnées' }), 'Téléphone')).toBe('Non spécifié');
  });

  it('is reached from the user menu, and the change-password link opens the password page', async () => {
    api.on(`GET /users/${teller.id}`, { body: { data: apiUsers.teller } });
    serveEmptyDashboard(api);
    const { user } = renderApp({ path: '/', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    await user.click(await screen.findByRole('button', { name: 'Menu utilisateur' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mon Profil' }));
    await user.click(await screen.findByRole('link', { name: 'Modifier le mot de passe' }));
    expect(await screen.findByRole('heading', { name: 'Changer le mot de passe' })).toBeVisible();
  });

  it('says why the profile could not load, and still offers the password change', async () => {
    api.on(`GET /users/${teller.id}`, { status: 404, body: { message: 'Utilisateur introuvable' } });
    renderApp({ path: '/profile', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(await screen.findByText('Utilisateur introuvable')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Modifier le mot de passe' })).toBeVisible();
  });
});
