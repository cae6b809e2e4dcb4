import type { CompteClient } from '@comptoir/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../app/query-client';
import { json, makeCaisse } from '../../test/fixtures';
import { logIn, renderApp } from '../../test/render';

beforeEach(() => queryClient.clear());

const dette = (
  id: number,
  numero: string,
  montant: number,
  paye: number,
  echeance: string,
  statut: 'en_cours' | 'en_retard' | 'soldee',
) => ({
  id,
  vente: { id: 40 + id, numero, createdAt: `2026-10-0${id}T10:00:00.000Z`, totalTtc: montant },
  montant,
  paye,
  reste: montant - paye,
  echeance,
  statut,
});

const COMPTE: CompteClient = {
  client: { id: 3, nom: 'Awa Diop', telephone: '+221771234567', plafondCredit: null },
  encours: 7000,
  enRetard: 5000,
  avoir: 0,
  nombreVentes: 3,
  totalAchats: 20000,
  dettes: [
    dette(2, 'V-2026-000042', 2000, 0, '2026-12-31', 'en_cours'),
    dette(1, 'V-2026-000041', 6000, 1000, '2026-10-15', 'en_retard'),
  ],
  reglements: [
    {
      id: 8,
      mode: 'mobile_money',
      montant: 1000,
      operateur: 'Wave',
      reference: 'TX1',
      retour: null,
      user: { id: 7, prenom: 'Awa', nom: 'Diop' },
      createdAt: '2026-10-10T09:00:00.000Z',
      allocations: [{ detteId: 1, venteNumero: 'V-2026-000041', montant: 1000 }],
    },
  ],
};

describe('/pages/dettes', () => {
  it('lists debtors with the totals and the overdue filter in the URL', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    const urls: string[] = [];
    const { router } = renderApp('/pages/dettes', (url) => {
      if (url.startsWith('/api/services/1/dettes?')) {
        urls.push(url);
        return json(200, {
          items: [
            {
              client: COMPTE.client,
              encours: 7000,
              enRetard: 5000,
              nombreDettes: 2,
              prochaineEcheance: '2026-10-15',
            },
          ],
          total: 1,
          page: 1,
          size: 8,
          totaux: { encours: 7000, enRetard: 5000, clients: 1 },
        });
      }
      return undefined;
    });
    const table = await screen.findByTestId('dettes-table');
    expect(await within(table).findByRole('link', { name: 'Awa Diop' })).toHaveAttribute(
      'href',
      '/pages/dettes/3',
    );
    expect(screen.getByTestId('dettes-totaux').textContent).toMatch(
      /Encours total7\s000\sFCFA.*Dont en retard5\s000\sFCFA/,
    );
    await userEvent.setup().click(screen.getByLabelText('En retard seulement'));
    await waitFor(() => expect(router.state.location.search).toBe('?enRetard=true'));
    await waitFor(() => expect(urls.at(-1)).toContain('enRetard=true'));
  });

  it('records a repayment of the whole outstanding, oldest debts first unless one is chosen', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    const bodies: any[] = [];
    renderApp('/pages/dettes/3', (url, init) => {
      if (url === '/api/services/1/clients/3/compte') return json(200, COMPTE);
      // The money goes into the first open register (this device has none chosen).
      if (url === '/api/services/1/caisses')
        return json(200, [makeCaisse(3, 'Caisse 1', null), makeCaisse(5, 'Comptoir 2', 11)]);
      if (url === '/api/services/1/clients/3/reglements' && init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return json(201, {
          ...COMPTE.reglements[0],
          id: 9,
          mode: 'especes',
          montant: 7000,
          operateur: null,
          reference: null,
          allocations: [],
        });
      }
      return undefined;
    });
    const ui = userEvent.setup();
    expect(await screen.findByRole('heading', { name: "Dettes d'Awa Diop" })).toBeInTheDocument();
    const dettes = screen.getByTestId('dettes-client');
    expect(within(dettes).getByRole('link', { name: 'V-2026-000041' })).toHaveAttribute(
      'href',
      '/pages/ventes-list/41',
    );
    expect(within(dettes).getByText('En retard')).toBeInTheDocument();
    expect(screen.getByTestId('reglements-client')).toHaveTextContent(
      /V-2026-000041 : 1\s000\sFCFA/,
    );
    await ui.click(screen.getByRole('button', { name: 'Enregistrer un règlement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer un règlement' });
    expect(within(dialog).getByLabelText('Montant')).toHaveValue('7\u202F000\u00A0FCFA');
    expect(await within(dialog).findByLabelText('Caisse qui encaisse')).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      montant: 7000,
      mode: 'especes',
      operateur: null,
      reference: null,
      detteId: null,
      caisseId: 5,
    });
    expect(bodies[0].cleIdempotence).toMatch(/^[0-9a-f]{32}$/);
  });

  it('takes no repayment without an open register: the dialog says so and sends nothing', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    const posts: string[] = [];
    renderApp('/pages/dettes/3', (url, init) => {
      if (url === '/api/services/1/clients/3/compte') return json(200, COMPTE);
      if (url === '/api/services/1/caisses') return json(200, [makeCaisse(3, 'Caisse 1', null)]);
      if (init?.method === 'POST') posts.push(url);
      return undefined;
    });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Enregistrer un règlement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer un règlement' });
    expect(await within(dialog).findByTestId('reglement-sans-caisse')).toHaveTextContent(
      'Aucune caisse n’est ouverte : ouvrez-en une au point de vente pour recevoir ce règlement.',
    );
    await ui.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    // Give a wrongly sent request the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(posts).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Enregistrer un règlement' })).toBeInTheDocument();
  });

  it('is the owner’s: a manager is sent to the access page, for the debts and for the back-office sale', async () => {
    logIn(['ROLE_GERANT']);
    const { router } = renderApp('/pages/dettes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/access'));
    await router.navigate('/pages/ventes-oneline');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/access'));
  });
});

describe('/pages/clients/:id', () => {
  it('shows the customer’s balance and latest sales to a manager', async () => {
    logIn(['ROLE_GERANT']);
    const urls: string[] = [];
    renderApp('/pages/clients/3', (url) => {
      if (url === '/api/services/1/clients/3')
        return json(200, {
          id: 3,
          nom: 'Awa Diop',
          telephone: '+221771234567',
          email: null,
          adresse: null,
          notes: null,
          plafondCredit: null,
          actif: true,
          createdAt: '',
          updatedAt: '',
        });
      if (url === '/api/services/1/clients/3/compte') return json(200, COMPTE);
      if (url.startsWith('/api/services/1/ventes?')) {
        urls.push(url);
        return json(200, {
          items: [],
          total: 0,
          page: 1,
          size: 8,
          totaux: {
            nombre: 0,
            totalTtc: 0,
            montantPaye: 0,
            montantRetourne: 0,
            reste: 0,
            montantMode: null,
          },
        });
      }
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Awa Diop' })).toBeInTheDocument();
    const solde = await screen.findByTestId('compte-solde');
    expect(within(solde).getByTestId('solde-encours')).toHaveTextContent(/7\s000\sFCFA/);
    expect(within(solde).getByTestId('solde-en-retard')).toHaveTextContent(/5\s000\sFCFA/);
    expect(urls[0]).toContain('clientId=3');
    // Debts and repayments are the owner's.
    expect(screen.queryByRole('link', { name: 'Dettes et règlements' })).not.toBeInTheDocument();
  });
});
