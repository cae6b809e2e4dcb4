import type { AlerteHorsLigne } from '@comptoir/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { queryClient } from '../app/query-client';
import { json } from '../test/fixtures';
import { detachedStyles, logIn } from '../test/render';
import { AlertesHorsLigne } from './AlertesHorsLigne';

const alerte = (over: Partial<AlerteHorsLigne>): AlerteHorsLigne => ({
  id: 7,
  type: 'stock_negatif',
  venteId: 40,
  venteNumero: 'V-2026-C02-000012',
  produitId: 5,
  produitNom: 'Riz parfumé 5 kg',
  quantite: -1000,
  prixFacture: null,
  prixCatalogue: null,
  createdAt: '2026-06-15T08:40:00.000Z',
  vue: null,
  ...over,
});
const prix = alerte({
  id: 8,
  type: 'prix_different',
  produitNom: 'Huile 1 l',
  quantite: null,
  prixFacture: 1000,
  prixCatalogue: 1200,
});

/** The shop (Dakar, francs CFA), the alerts as `alertes` holds them, and the POST …/vue calls. */
function serve(alertes: () => AlerteHorsLigne[], vues: number[] = []) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      const vue = /^\/api\/services\/1\/alertes-hors-ligne\/(\d+)\/vue$/.exec(url);
      if (vue && init?.method === 'POST') {
        const seen = alertes().find((a) => a.id === Number(vue[1]));
        vues.push(Number(vue[1]));
        return json(200, seen);
      }
      if (url.startsWith('/api/services/1/alertes-hors-ligne?')) return json(200, alertes());
      if (url === '/api/services/1')
        return json(200, { id: 1, nom: 'Boutique', devise: 'XOF', ville: 'Dakar', pays: 'SN' });
      return json(404, { title: 'Introuvable', status: 404, detail: 'Introuvable.' });
    }),
  );
  return calls;
}

const show = (produitId?: number) =>
  render(
    <AppProviders styleContainer={detachedStyles}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <AlertesHorsLigne serviceId={1} devise="XOF" produitId={produitId} />
        </MemoryRouter>
      </QueryClientProvider>
    </AppProviders>,
  );

beforeEach(() => queryClient.clear());

describe('AlertesHorsLigne', () => {
  it('on the dashboard: the alerts nobody has seen, counted; « Vu » by the owner takes one away', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    const vues: number[] = [];
    const calls = serve(() => [alerte({}), prix].filter((a) => !vues.includes(a.id)), vues);
    show();
    const list = await screen.findByTestId('alertes-hors-ligne');
    expect(screen.getByTestId('alertes-hors-ligne-nombre')).toHaveTextContent('(2)');
    expect(list).toHaveTextContent('Stock de « Riz parfumé 5 kg » passé à -1');
    expect(calls).toContain('GET /api/services/1/alertes-hors-ligne?nonVues=true');
    const ui = userEvent.setup();
    await ui.click(
      within(list).getByRole('button', {
        name: 'Marquer comme vue : Stock de « Riz parfumé 5 kg » passé à -1',
      }),
    );
    expect(vues).toEqual([7]);
    await screen.findByText('(1)');
    expect(list).not.toHaveTextContent('Riz parfumé');
    expect(list).toHaveTextContent('« Huile 1 l » facturé');
  });

  it('on the product: the seen ones stay, with when and by whom; the manager reads without « Vu »', async () => {
    logIn(['ROLE_GERANT']);
    const vue = { le: '2026-06-15T10:15:00.000Z', par: { prenom: 'Awa', nom: 'Diop' } };
    const calls = serve(() => [
      alerte({ vue }),
      alerte({ id: 9, venteNumero: 'V-2026-C02-000013' }),
    ]);
    show(5);
    const list = await screen.findByTestId('alertes-hors-ligne');
    expect(calls).toContain('GET /api/services/1/alertes-hors-ligne?produitId=5');
    const [seen, unseen] = within(list).getAllByRole('listitem');
    // Dakar is on UTC: seen at 10:15.
    expect(seen).toHaveTextContent(/vue le 15\/06\/2026 10:15 par Awa Diop/);
    expect(unseen).not.toHaveTextContent('vue le');
    expect(within(list).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('alertes-hors-ligne-nombre')).toBeNull();
  });
});
