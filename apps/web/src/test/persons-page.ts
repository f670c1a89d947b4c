import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { ApiServer } from './api-server';
import { jean, marie, personList } from './persons';
import { navigateTo, renderApp } from './render-app';

const deleteJean = () => screen.queryByRole('button', { name: /^Supprimer Jean/ });

/**
 * /persons signed in with `token`, once it offers « Supprimer » on Jean (nothing refers to her yet), then
 * gone to `wizard` as a link goes, once its first step shows.
 */
export async function fromPersonsWhereJeanIsDeletable(api: ApiServer, token: string, wizard: string) {
  const rendered = renderApp({ path: '/persons', token, apiBaseUrl: api.baseUrl });
  await waitFor(() => expect(deleteJean()).toBeVisible(), { timeout: 5000 });
  await navigateTo(rendered.app, wizard);
  await screen.findByText('Étape 1 sur 3', {}, { timeout: 5000 });
  return rendered;
}

/** From now on the server answers Jean with a user behind her: referenced, she may no longer be deleted. */
export function answerJeanWithAUser(api: ApiServer) {
  api.on('GET /persons', { body: personList([{ ...jean, hasUser: true, canDelete: false }, marie]) });
}

/** Back on /persons: the list read again, without « Supprimer » on Jean. */
export async function expectJeanNoLongerDeletable(rendered: ReturnType<typeof renderApp>) {
  await navigateTo(rendered.app, '/persons');
  expect(await screen.findByText('Marie JOSEPH', {}, { timeout: 5000 })).toBeVisible();
  await waitFor(() => expect(deleteJean()).toBeNull(), { timeout: 5000 });
}
