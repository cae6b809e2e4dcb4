import { formatMoney, type VenteEcartee } from '@comptoir/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../app/query-client';
import { json } from '../../test/fixtures';
import { logIn, renderApp } from '../../test/render';

const ecartee: VenteEcartee = {
  id: 3,
  caisseId: 2,
  caisseNom: 'Caisse du marché',
  numero: 'V-2026-C02-000001',
  faiteLe: '2026-06-15T08:30:00.000Z',
  totalTtc: 1500,
  motif: 'Client parti sans payer',
  motifRefus: 'Le numéro V-2026-C02-000001 a déjà servi.',
  utilisateur: { prenom: 'Awa', nom: 'Diop' },
  vendeur: { prenom: 'Moussa', nom: 'Sow' },
  createdAt: '2026-06-15T10:15:00.000Z',
};
const sansVendeur: VenteEcartee = { ...ecartee, id: 2, numero: 'V-2026-C02-000000', vendeur: null };

/** The shop (Dakar, francs CFA), its registers page (no session) and its discarded sales. */
const api = (calls: string[]) => (url: string) => {
  calls.push(url);
  if (url === '/api/services/1/ventes-ecartees') return json(200, [ecartee, sansVendeur]);
  if (url === '/api/services/1/caisses') return json(200, []);
  if (url.startsWith('/api/services/1/caisse-sessions?'))
    return json(200, { items: [], total: 0, page: 1, size: 20 });
  return undefined;
};

beforeEach(() => queryClient.clear());

describe('VentesEcarteesRoute', () => {
  it('from the registers page, the owner reads each discarded sale: number, dates in French, register, cashier, amount in the shop’s currency, both reasons', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    const calls: string[] = [];
    const { router } = renderApp('/pages/caisses', api(calls));
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Ventes écartées' }));
    expect(router.state.location.pathname).toBe('/pages/caisses/ventes-ecartees');
    expect(await screen.findByRole('heading', { name: 'Ventes écartées' })).toBeInTheDocument();
    const first = (await screen.findByText('V-2026-C02-000001')).closest('tr');
    const second = screen.getByText('V-2026-C02-000000').closest('tr');
    const cells = within(first!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // Dakar is on UTC: made at 08:30, discarded at 10:15.
    expect(cells).toEqual([
      'V-2026-C02-000001',
      '15/06/2026 08:30',
      'Caisse du marché',
      'Moussa Sow',
      formatMoney(1500, 'XOF'),
      'Le numéro V-2026-C02-000001 a déjà servi.',
      '15/06/2026 10:15 par Awa Diop',
      'Client parti sans payer',
    ]);
    expect(formatMoney(1500, 'XOF')).toMatch(/^1\s500\sF\s?CFA$/);
    // A sale discarded before the till named its cashier.
    expect(within(second!).getAllByRole('cell')[3]).toHaveTextContent('—');
    expect(calls).toContain('/api/services/1/ventes-ecartees');
  });

  it('is the owner’s: a manager is sent to « Accès refusé » and the list is never asked for', async () => {
    logIn(['ROLE_GERANT']);
    const calls: string[] = [];
    const { router } = renderApp('/pages/caisses/ventes-ecartees', api(calls));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/access'));
    expect(calls).not.toContain('/api/services/1/ventes-ecartees');
  });
});
