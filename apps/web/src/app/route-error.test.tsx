import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import ServerErrorPage from '../features/errors/ServerErrorPage';
import { HttpError } from '../lib/http';
import { RouteError } from './RouteError';

function renderFailing(error: unknown) {
  function Failing(): never {
    throw error;
  }
  const router = createMemoryRouter(
    [
      { path: '/ecran', element: <Failing />, errorElement: <RouteError /> },
      { path: '/500', element: <ServerErrorPage /> },
    ],
    { initialEntries: ['/ecran'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('a screen that fails (SPEC §2 "Guards")', () => {
  it('goes to the server-error page on a 500, with the message among the technical details', async () => {
    const user = userEvent.setup();
    const router = renderFailing(
      new HttpError({ status: 500, message: 'Erreur du serveur (500). Veuillez réessayer.' }),
    );
    expect(await screen.findByRole('heading', { name: 'Problème serveur' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/500');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/ecran');

    const toggle = screen.getByRole('button', { name: 'Afficher les détails techniques' });
    expect(screen.getByText('Erreur du serveur (500). Veuillez réessayer.')).not.toBeVisible();
    await user.click(toggle);
    expect(screen.getByText('Erreur du serveur (500). Veuillez réessayer.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Masquer les détails techniques' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeEnabled();
  });

  it('shows the failed request’s reference on the server-error page, for the teller to read out', async () => {
    const router = renderFailing(
      new HttpError({
        status: 500,
        message: 'Une erreur interne est survenue. Veuillez réessayer.',
        requestId: '3f1c2a9e-0b7d-4c55-9a41-2f6d8e0c7b13',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Problème serveur' })).toBeVisible();
    expect(new URLSearchParams(router.state.location.search).get('ref')).toBe(
      '3f1c2a9e-0b7d-4c55-9a41-2f6d8e0c7b13',
    );
    expect(screen.getByText('Référence : 3f1c2a9e-0b7d-4c55-9a41-2f6d8e0c7b13')).toBeVisible();
  });

  it('says a refused request’s reference on the spot', async () => {
    renderFailing(new HttpError({ status: 409, message: 'Conflit', requestId: 'ref-409' }));
    expect(await screen.findByRole('heading', { name: 'Une erreur inattendue est survenue' })).toBeVisible();
    expect(screen.getByText('Référence : ref-409')).toBeVisible();
  });

  it('goes to the server-error page when the network fails (a screen that cannot be downloaded)', async () => {
    renderFailing(new TypeError('Failed to fetch dynamically imported module: /assets/DepositPage.js'));
    expect(await screen.findByRole('heading', { name: 'Problème serveur' })).toBeVisible();
  });

  it('says anything else on the spot', async () => {
    renderFailing(new Error('x is undefined'));
    expect(await screen.findByRole('heading', { name: 'Une erreur inattendue est survenue' })).toBeVisible();
    expect(screen.getByText('x is undefined')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Problème serveur' })).not.toBeInTheDocument();
  });
});
