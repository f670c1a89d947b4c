import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setScreenLanguage } from '../i18n/i18n';
import { startApiServer, type ApiServer } from '../test/api-server';
import { apiUsers } from '../test/network';
import { renderApp } from '../test/render-app';
import { makeToken } from '../test/tokens';
import { serveEmptyDashboard } from '../test/transactions';
import { teller } from '../test/users';
import { speakKreyol } from '../test/kreyol';

// Each screen area in Kreyòl, from its own catalogue (decision 236): the sign-in pages (signin), the frame
// (web), the dashboard, the error pages and the profile.
let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  await speakKreyol();
});
afterEach(async () => {
  await setScreenLanguage('fr');
  await api.close();
});

describe('the screens in Kreyòl', () => {
  it('the sign-in page welcomes, labels its fields and says what is missing', async () => {
    const { user } = renderApp({ path: '/login', apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Byenvini sou Lajan' })).toBeVisible();
    expect(screen.getByText('Se sèlman anplwaye Lajan ki ka konekte.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ou bliye modpas ou ?' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Konekte' }));
    expect(await screen.findByText('Ou dwe bay non itilizatè a')).toBeVisible();
    expect(screen.getByText('Ou dwe bay modpas la')).toBeVisible();
    expect(screen.getByLabelText('Non itilizatè')).toHaveFocus();
  });

  it('the dashboard and its frame name their sections, actions and menus', async () => {
    serveEmptyDashboard(api);
    renderApp({ path: '/', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Tablo bò', level: 1 })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Aksyon rapid' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Depo\s*Depoze lajan sou yon kont/ })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Meni prensipal' });
    expect(within(nav).getByRole('link', { name: 'Retrè' })).toBeVisible();
    expect(within(nav).getByText('Transfè pou touche')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Meni itilizatè' })).toBeVisible();
    expect(document.title).toBe('Tablo bò · Lajan');
  });

  it('the server-error page says its problem, its reference and its details', async () => {
    const { user } = renderApp({ path: '/500?ref=req-42', apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Pwoblèm sèvè' })).toBeVisible();
    expect(screen.getByText('Referans : req-42')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Montre detay teknik yo' }));
    expect(screen.getByText('Pa gen detay.')).toBeVisible();
    expect(document.title).toBe('Pwoblèm sèvè · Lajan');
  });

  it('the profile labels its details', async () => {
    api.on(`GET /users/${teller.id}`, { body: { data: apiUsers.teller } });
    renderApp({ path: '/profile', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    const personal = await screen.findByRole('region', { name: 'Enfòmasyon pèsonèl' });
    expect(screen.getByRole('heading', { name: 'Pwofil mwen', level: 1 })).toBeVisible();
    const born = within(personal).getByText('Dat nesans', { selector: 'dt' }).nextElementSibling;
    expect(born?.textContent).toBe('12/03/1985');
    expect(screen.getByRole('region', { name: 'Enfòmasyon kontak' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Modifye modpas la' })).toHaveAttribute(
      'href',
      '/update-password',
    );
  });
});
