import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../app/query-client';
import { json } from '../../test/fixtures';
import { logIn, renderApp, type ApiHandler } from '../../test/render';

const courant =
  (statut: string): ApiHandler =>
  (url) =>
    url.startsWith('/api/abonnements/courant')
      ? json(200, {
          statut,
          dateDebut: '2025-11-21',
          dateFin: '2026-11-20',
          plan: 'Commerce',
          contact: 'admin@comptoir.test',
        })
      : undefined;

beforeEach(() => queryClient.clear());

describe('subscription banner', () => {
  it('tells an owner whose subscription ended that data are read-only, and whom to contact', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    renderApp('/', courant('expiree'));
    expect(await screen.findByTestId('subscription-banner')).toHaveTextContent(
      'Votre abonnement a pris fin le 20/11/2026 : vous pouvez consulter vos données, mais plus les modifier. Contactez admin@comptoir.test pour le renouveler.',
    );
  });

  it('names the current shop in the question', async () => {
    logIn(['ROLE_GERANT']);
    const seen: string[] = [];
    renderApp('/', (url) => {
      if (url.startsWith('/api/abonnements/courant')) seen.push(url);
      return courant('suspendue')(url, undefined);
    });
    expect(await screen.findByTestId('subscription-banner')).toHaveTextContent(
      "L'abonnement de cette boutique est suspendu",
    );
    expect(seen[0]).toBe('/api/abonnements/courant?serviceId=1');
  });

  it('stays hidden while the subscription is active', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    const seen: string[] = [];
    renderApp('/', (url) => {
      if (url.startsWith('/api/abonnements/courant')) seen.push(url);
      return courant('active')(url, undefined);
    });
    await screen.findByTestId('dashboard-greeting');
    // The settled state: the subscription was asked for, its answer is in, nothing is loading.
    await waitFor(() => expect(seen).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId('subscription-banner')).toBeNull();
  });
});
