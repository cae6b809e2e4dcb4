import type { Caisse } from '@comptoir/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { caisseAppareilKey } from '../../../lib/shop';
import type { ClasseurDemande } from '../../../lib/xlsx-write';
import { json, makeCaisse } from '../../../test/fixtures';
import { logIn, renderApp, type ApiHandler } from '../../../test/render';
import { VENTE } from './fixtures';

const xlsx = vi.hoisted(() => ({
  writeXlsx: vi.fn(async (_demande: ClasseurDemande) => new Blob()),
  downloadBlob: vi.fn(),
}));
vi.mock('../../../lib/xlsx', () => xlsx);

beforeEach(() => queryClient.clear());

const PAGE = {
  items: [
    {
      id: 41,
      numero: 'V-2026-000041',
      createdAt: VENTE.createdAt,
      client: VENTE.client,
      vendeur: VENTE.vendeur,
      typeVente: VENTE.typeVente,
      nombreLignes: 2,
      totalTtc: 6700,
      montantPaye: 6000,
      montantRetourne: 0,
      reste: 700,
      modes: ['especes'],
      statut: 'partiellement_payee',
    },
  ],
  total: 1,
  page: 1,
  size: 8,
  totaux: {
    nombre: 1,
    totalTtc: 6700,
    montantPaye: 6000,
    montantRetourne: 0,
    reste: 700,
    montantMode: null,
  },
};

describe('/pages/ventes-list', () => {
  it('shows the totals of the filtered set and sends the filters of the URL, the period as days', async () => {
    logIn(['ROLE_GERANT']);
    const urls: string[] = [];
    renderApp(
      '/pages/ventes-list?periode=perso&du=2026-11-01&au=2026-11-20&statut=partiellement_payee&sort=total_ttc,desc',
      (url) => {
        if (url.startsWith('/api/services/1/ventes?')) {
          urls.push(url);
          return json(200, PAGE);
        }
        return undefined;
      },
    );
    const table = await screen.findByTestId('ventes-table');
    expect(await within(table).findByRole('link', { name: 'V-2026-000041' })).toHaveAttribute(
      'href',
      '/pages/ventes-list/41',
    );
    expect(
      within(table.querySelector('tbody')!).getByText('Partiellement payée'),
    ).toBeInTheDocument();
    const totaux = screen.getByTestId('ventes-totaux');
    expect(totaux.textContent?.replace(/\s/g, ' ')).toMatch(
      /Total TTC6 700 FCFA.*Reste à payer700 FCFA/,
    );
    const query = new URLSearchParams(urls.at(-1)!.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      page: '1',
      size: '8',
      sort: 'total_ttc,desc',
      du: '2026-11-01',
      au: '2026-11-20',
      statut: 'partiellement_payee',
    });
    // A manager may not list the shop's accounts: no seller filter.
    expect(screen.queryByLabelText('Filtrer par vendeur')).not.toBeInTheDocument();
  });

  it('filtrée sur un mode et un opérateur (lien du tableau de bord) : le total payé dans ce mode seulement, et le filtre opérateur se retire', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    const urls: string[] = [];
    renderApp(
      '/pages/ventes-list?periode=perso&du=2026-11-01&au=2026-11-20&mode=mobile_money&operateur=Orange+Money',
      (url) => {
        if (!url.startsWith('/api/services/1/ventes?')) return undefined;
        urls.push(url);
        return json(200, { ...PAGE, totaux: { ...PAGE.totaux, montantMode: 4000 } });
      },
    );
    const totaux = await screen.findByTestId('ventes-totaux');
    await waitFor(() =>
      expect(totaux.textContent?.replace(/\s/g, ' ')).toMatch(
        /Payé6 000 FCFAPayé \(Mobile money · Orange Money\)4 000 FCFA/,
      ),
    );
    expect(Object.fromEntries(new URLSearchParams(urls.at(-1)!.split('?')[1]))).toMatchObject({
      mode: 'mobile_money',
      operateur: 'Orange Money',
    });
    await userEvent.click(
      screen.getByRole('button', { name: 'Retirer le filtre opérateur Orange Money' }),
    );
    await waitFor(() => expect(urls.at(-1)).not.toContain('operateur'));
    expect(urls.at(-1)).toContain('mode=mobile_money');
  });

  it('« Exporter Excel » lit l’export au fil de l’eau : le bouton dit « Export : 1 sur 2 », puis le classeur arrive', async () => {
    logIn(['ROLE_GERANT']);
    // The server's CSV in two pieces, the second held until the test lets it go.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const csv = (url: string) => {
      if (!url.startsWith('/api/services/1/ventes/export.csv')) return undefined;
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode('\uFEFFNuméro;Total TTC\r\nV-1;6700\r\n'));
          await held;
          controller.enqueue(encoder.encode('V-2;500\r\n'));
          controller.close();
        },
      });
      return new Response(body, {
        status: 200,
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'X-Total-Count': '2' },
      });
    };
    renderApp('/pages/ventes-list', (url) =>
      url.startsWith('/api/services/1/ventes?') ? json(200, PAGE) : csv(url),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Exporter Excel' }));
    expect(await screen.findByRole('button', { name: 'Export : 1 sur 2' })).toBeDisabled();
    release();
    await waitFor(() => expect(xlsx.downloadBlob).toHaveBeenCalledTimes(1));
    const demande = xlsx.writeXlsx.mock.calls[0]![0];
    expect(demande.feuille).toBe('Ventes');
    expect(demande.csv).toBe('Numéro;Total TTC\r\nV-1;6700\r\nV-2;500\r\n');
    expect(demande.numeric).toEqual({
      headers: ['Lignes', 'Total TTC', 'Payé', 'Retourné', 'Reste à payer'],
    });
    expect(xlsx.downloadBlob.mock.calls[0]![1]).toMatch(/^ventes-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(await screen.findByRole('button', { name: 'Exporter Excel' })).toBeEnabled();
  });
});

/**
 * The API of the sale 41: its return is recorded in `bodies`; `caisses` are the shop's registers
 * (features/caisses), the one paying a refund out is chosen among the open ones.
 */
function venteApi(caisses: Caisse[], bodies: any[], productCalls: string[]): ApiHandler {
  let returned = false;
  return (url, init) => {
    if (url === '/api/services/1/ventes/41')
      return json(
        200,
        returned
          ? {
              ...VENTE,
              lignes: [VENTE.lignes[0]!, { ...VENTE.lignes[1]!, quantiteRetournee: 2000 }],
            }
          : VENTE,
      );
    if (url === '/api/services/1/ventes/41/mouvements') return json(200, []);
    if (url === '/api/services/1/caisses') return json(200, caisses);
    if (url.startsWith('/api/services/1/produits/')) {
      productCalls.push(url);
      return json(404, {
        type: 'about:blank',
        title: 'x',
        status: 404,
        detail: 'x',
        code: 'NOT_FOUND',
      });
    }
    if (url === '/api/services/1/ventes/41/retours' && init?.method === 'POST') {
      bodies.push(JSON.parse(String(init.body)));
      returned = true;
      return json(201, {
        id: 6,
        numero: 'R-2026-000006',
        vente: { id: 41, numero: VENTE.numero },
        createdAt: '',
        user: VENTE.vendeur,
        lignes: [],
        montantTtc: 400,
        imputeDette: 0,
        rembourse: 400,
        modeRemboursement: 'especes',
        avoir: 0,
        motif: null,
      });
    }
    return undefined;
  };
}

/** Opens the return dialog of the sale 41 and asks for one bottle of water (400 F). */
async function retournerUneEau(ui: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByRole('heading', { name: 'Vente V-2026-000041' })).toBeInTheDocument();
  await ui.click(screen.getByRole('button', { name: 'Retourner des articles' }));
  const dialog = await screen.findByRole('dialog', { name: /Retourner des articles/ });
  await ui.type(within(dialog).getByLabelText('Eau minérale 1,5 L'), '1');
  await ui.tab();
  await waitFor(() =>
    expect(within(dialog).getByTestId('retour-montant')).toHaveTextContent(/400\sFCFA/),
  );
  return dialog;
}

describe('/pages/ventes-list/:id', () => {
  it('returns one unit with a cash refund: only what may still be returned, one key per opening, the number shown', async () => {
    logIn(['ROLE_GERANT']);
    const bodies: any[] = [];
    // The sale's lines say whether their unit splits: the dialog asks for no product.
    const productCalls: string[] = [];
    // Two registers open, the second is this device's: it pays the refund out.
    localStorage.setItem(caisseAppareilKey(1), '5');
    const caisses = [makeCaisse(3, 'Caisse 1', 9), makeCaisse(5, 'Comptoir 2', 11)];
    renderApp('/pages/ventes-list/41', venteApi(caisses, bodies, productCalls));
    const ui = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Vente V-2026-000041' })).toBeInTheDocument();
    expect(screen.getByTestId('vente-retours')).toHaveTextContent('R-2026-000005');
    expect(screen.queryByRole('button', { name: /Modifier|Supprimer/ })).not.toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Retourner des articles' }));
    const dialog = await screen.findByRole('dialog', { name: /Retourner des articles/ });
    // 3 sold, 1 already returned: asking for 3 is refused before sending.
    await ui.type(within(dialog).getByLabelText('Eau minérale 1,5 L'), '3');
    await ui.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(dialog).findByText(
        /^Au plus 2\spce de « Eau minérale 1,5 L » peuvent être retournés\.$/,
      ),
    ).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await ui.tripleClick(within(dialog).getByLabelText('Eau minérale 1,5 L'));
    await ui.keyboard('1');
    await ui.tab();
    await waitFor(() =>
      expect(within(dialog).getByTestId('retour-montant')).toHaveTextContent(/400\sFCFA/),
    );
    expect(within(dialog).getByLabelText('Caisse qui encaisse')).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      lignes: [{ ligneId: 2, quantite: 1000 }],
      mode: 'remboursement',
      modeRemboursement: 'especes',
      motif: null,
      caisseId: 5,
    });
    expect(bodies[0].cleIdempotence).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByTestId('retour-enregistre')).toHaveTextContent(
      'Retour R-2026-000006 enregistré.',
    );
    expect(productCalls).toEqual([]);
  });

  it('does not refund without an open register: the dialog says so and sends nothing', async () => {
    logIn(['ROLE_GERANT']);
    const bodies: any[] = [];
    renderApp('/pages/ventes-list/41', venteApi([makeCaisse(3, 'Caisse 1', null)], bodies, []));
    const ui = userEvent.setup();
    const dialog = await retournerUneEau(ui);
    expect(await within(dialog).findByTestId('retour-sans-caisse')).toHaveTextContent(
      'Aucune caisse n’est ouverte : ouvrez-en une au point de vente pour rembourser ce retour.',
    );
    await ui.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    // Give a wrongly sent request the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bodies).toEqual([]);
    expect(screen.getByRole('dialog', { name: /Retourner des articles/ })).toBeInTheDocument();
  });
});
