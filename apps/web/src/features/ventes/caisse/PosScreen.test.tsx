import type { Vente, VenteInput } from '@comptoir/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeProduit } from '../../../test/fixtures';
import { logIn, renderApp } from '../../../test/render';
import { appareilId, caisseAppareilKey } from '../../../lib/shop';
import { cartStorageKey } from './cart';

const produit = (id: number, nom: string, codeBarres: string, prixVente: number) =>
  makeProduit(id, nom, prixVente, { codeBarres });
const NUTELLA = produit(1, 'Nutella 400 g', '3017620422003', 2750);
const EAU = produit(7, 'Eau minérale 1,5 L', '2000000000077', 400);
const page = (items: unknown[]) => json(200, { items, total: items.length, page: 1, size: 48 });
const problem = (status: number, detail: string) =>
  json(
    status,
    {
      type: 'about:blank',
      title: 'Refus',
      status,
      detail,
      code: status === 409 ? 'CONFLICT' : 'UNPROCESSABLE',
    },
    'application/problem+json',
  );

const SHOP = {
  id: 1,
  nom: 'Boutique Plateau',
  adresse: null,
  ville: 'Dakar',
  pays: 'SN',
  telephone: null,
  email: null,
  devise: 'XOF',
  siret: null,
  tvaIntracom: null,
  ninea: null,
  rccm: null,
  assujettiTva: false,
  tauxTvaDefaut: 0,
  prixTtc: true,
  stockNegatifAutorise: false,
  enteteTicket: null,
  piedTicket: 'Merci !',
};

function venteOf(body: VenteInput): Vente {
  return {
    id: 12,
    numero: 'V-2026-000012',
    createdAt: '2026-11-21T10:00:00Z',
    devise: 'XOF',
    typeVente: { id: 1, nom: 'Vente au détail' },
    client: null,
    vendeur: { id: 7, prenom: 'Awa', nom: 'Diop' },
    lignes: body.lignes.map((l, i) => {
      const p = l.produitId === NUTELLA.id ? NUTELLA : EAU;
      const m = (p.prixVente * l.quantite) / 1000;
      return {
        id: i + 1,
        produitId: p.id,
        nom: p.nom,
        reference: null,
        codeBarres: p.codeBarres,
        uniteSymbole: 'pce',
        fractionnable: false,
        quantite: l.quantite,
        prixUnitaire: p.prixVente,
        tauxTva: 0,
        prixAchat: 0,
        remise: null,
        montantBrut: m,
        remiseLigne: 0,
        remiseGlobale: 0,
        montantHt: m,
        montantTva: 0,
        montantTtc: m,
        quantiteRetournee: 0,
      };
    }),
    remiseGlobale: null,
    totalBrut: 3550,
    totalRemises: 0,
    montantRemiseGlobale: 0,
    totalHt: 3550,
    totalTva: 0,
    totalTtc: 3550,
    tva: [],
    paiements: [
      {
        id: 1,
        mode: 'carte',
        montant: 3550,
        recu: null,
        rendu: 0,
        operateur: null,
        reference: null,
        createdAt: '2026-11-21T10:00:00Z',
      },
    ],
    montantPaye: 3550,
    montantRetourne: 0,
    reste: 0,
    rendu: 0,
    dette: null,
    retours: [],
    statut: 'payee',
    impressions: 0,
    note: null,
  };
}

describe('point of sale', () => {
  let posts: VenteInput[];
  let barcodeCalls: string[];
  let answers: Array<'network' | 'stock' | 'ok'>;

  beforeEach(() => {
    posts = [];
    barcodeCalls = [];
    answers = ['network', 'stock', 'ok'];
    vi.spyOn(window, 'print').mockImplementation(() => undefined);
    logIn(['ROLE_GERANT']);
    // This device chose register 3 before (features/caisses ChoixCaisse) and holds it.
    localStorage.setItem(caisseAppareilKey(1), '3');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  const api = async (url: string, init?: RequestInit) => {
    if (url === '/api/services/1') return json(200, SHOP);
    if (url.startsWith('/api/types-ventes'))
      return page([
        { id: 1, nom: 'Vente au détail', prixUtilise: 'detail', actif: true },
        { id: 2, nom: 'Vente en gros', prixUtilise: 'gros', actif: true },
      ]);
    if (url.startsWith('/api/services/1/categories')) return page([]);
    if (url === '/api/services/1/caisses-appareils')
      return json(200, [
        {
          caisseId: 3,
          appareil: appareilId(),
          utilisateur: { prenom: 'Awa', nom: 'Diop' },
          depuis: '2026-11-21T08:00:00Z',
        },
      ]);
    // This device's register, open (features/caisses): every sale names it.
    if (url === '/api/services/1/caisses')
      return json(200, [
        {
          id: 3,
          nom: 'Caisse 1',
          largeurTicket: null,
          session: {
            id: 9,
            fond: 10_000,
            ouvertPar: { id: 7, prenom: 'Awa', nom: 'Diop' },
            ouverteLe: '2026-11-21T08:00:00Z',
          },
        },
      ]);
    const code = /produits\/code-barres\/(\d+)$/.exec(url);
    if (code) {
      barcodeCalls.push(code[1]!);
      return code[1] === NUTELLA.codeBarres
        ? json(200, NUTELLA)
        : problem(404, 'Aucun produit ne porte ce code-barres.');
    }
    if (url.startsWith('/api/services/1/produits?')) return page([EAU]);
    if (url === '/api/services/1/ventes' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as VenteInput;
      posts.push(body);
      const answer = answers.shift();
      if (answer === 'network') throw new TypeError('Failed to fetch');
      if (answer === 'stock')
        return problem(409, 'Stock insuffisant pour « Nutella 400 g » : 1 pce disponible.');
      return json(201, venteOf(body));
    }
    if (url.endsWith('/impressions')) return json(201, { impressions: 1, duplicata: false });
    if (url.includes('xsrf') || url.includes('csrf')) return json(200, {});
    return undefined;
  };

  it('scans (cache first, else one barcode request), keeps the cart and its key across failures, and shows the receipt', async () => {
    const user = userEvent.setup();
    renderApp('/pages/ventes', api);
    const search = await screen.findByRole('combobox', {
      name: 'Rechercher ou scanner un produit',
    });
    // The grid has shown « Eau minérale »: its scan needs no request.
    await screen.findByRole('button', { name: 'Ajouter Eau minérale 1,5 L' });
    await waitFor(() => expect(search).toHaveFocus());
    await user.type(search, `${EAU.codeBarres}{Enter}`);
    await user.type(search, `${NUTELLA.codeBarres}{Enter}`);
    await user.type(search, `${EAU.codeBarres}{Enter}`);
    await waitFor(() => expect(screen.getAllByTestId('pos-line')).toHaveLength(2));
    expect(barcodeCalls).toEqual([NUTELLA.codeBarres]);
    expect(screen.getByTestId('pos-total')).toHaveTextContent(/3\s550\sFCFA/);
    // Saved off the scan's path (idle time).
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(cartStorageKey(1)) ?? '{}').lignes).toHaveLength(2),
    );

    // Unknown code: a French warning, nothing added.
    await user.type(search, '2999999999999{Enter}');
    expect(
      await screen.findByText('Aucun produit actif ne porte le code-barres 2999999999999.'),
    ).toBeInTheDocument();

    // F8, paid by card; the first answer is lost, the second refuses the stock: the cart stays.
    await user.keyboard('{F8}');
    const dialog = await screen.findByRole('dialog', { name: /Paiement/ });
    await user.click(within(dialog).getByRole('button', { name: 'Carte' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('pay-reste')).toHaveTextContent(/^0\sFCFA$/),
    );
    const validate = within(dialog).getByRole('button', { name: /Valider la vente/ });
    await user.click(validate);
    expect(await within(dialog).findByText(/Impossible de joindre le serveur/)).toBeInTheDocument();
    await user.click(validate);
    expect(
      await within(dialog).findByText(
        'Stock insuffisant pour « Nutella 400 g » : 1 pce disponible.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId('pos-line')).toHaveLength(2);
    await user.click(validate);

    // Recorded: the receipt, printed once; every try carried the same key; a new sale is empty.
    const done = await screen.findByRole('dialog', { name: 'Vente V-2026-000012 enregistrée' });
    expect(within(done).getByTestId('receipt')).toHaveTextContent('V-2026-000012');
    await waitFor(() => expect(window.print).toHaveBeenCalledTimes(1));
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((p) => p.cleIdempotence)).size).toBe(1);
    expect(posts[0]).toMatchObject({
      caisseId: 3,
      auPointDeVente: true,
      typeVenteId: 1,
      clientId: null,
      lignes: [
        { produitId: 7, quantite: 2000, remise: null },
        { produitId: 1, quantite: 1000, remise: null },
      ],
      paiements: [{ mode: 'carte', montant: 3550 }],
      echeance: null,
    });
    expect(localStorage.getItem(cartStorageKey(1))).toBeNull();
    await user.keyboard('{F6}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /enregistrée/ })).toBeNull());
    expect(screen.queryAllByTestId('pos-line')).toHaveLength(0);
  });

  it('restores the cart and its pending key after a reload, and the sale type re-prices it', async () => {
    const user = userEvent.setup();
    const gros = { ...NUTELLA, prixGros: 2500 };
    localStorage.setItem(
      cartStorageKey(1),
      JSON.stringify({
        lignes: [
          {
            produit: {
              id: 1,
              nom: gros.nom,
              codeBarres: gros.codeBarres,
              prixVente: 2750,
              prixGros: 2500,
              tauxTva: 0,
              uniteSymbole: 'pce',
              fractionnable: false,
              image: null,
            },
            quantite: 2000,
            remise: null,
          },
        ],
        client: null,
        typeVenteId: 1,
        remiseGlobale: null,
        cleIdempotence: 'cle-en-attente-1',
        derniere: 1,
      }),
    );
    answers = ['ok'];
    renderApp('/pages/ventes', api);
    expect(await screen.findByTestId('pos-total')).toHaveTextContent(/5\s500\sFCFA/);
    await user.click(screen.getByText('Gros'));
    await waitFor(() => expect(screen.getByTestId('pos-total')).toHaveTextContent(/5\s000\sFCFA/));
    await user.keyboard('{F8}');
    const dialog = await screen.findByRole('dialog', { name: /Paiement/ });
    await user.click(within(dialog).getByRole('button', { name: 'Carte' }));
    await user.click(within(dialog).getByRole('button', { name: /Valider la vente/ }));
    await screen.findByRole('dialog', { name: /enregistrée/ });
    expect(posts[0]).toMatchObject({ cleIdempotence: 'cle-en-attente-1', typeVenteId: 2 });
  });
});
