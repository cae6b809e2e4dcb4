import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Produit } from '@comptoir/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/query-client';
import { json, problem } from '../../test/fixtures';
import { logIn, renderApp, type ApiHandler } from '../../test/render';

const produit = (over: Partial<Produit> = {}): Produit => ({
  id: 5,
  nom: 'Café Touba 250 g',
  reference: 'CAF-250',
  codeBarres: '6001234567899',
  categorie: { id: 3, nom: 'Épicerie' },
  marque: null,
  unite: { id: 1, nom: 'Pièce', symbole: 'pce', fractionnable: false },
  prixAchat: 900,
  prixVente: 1500,
  prixGros: null,
  tauxTva: 1800,
  seuilAlerte: 5000,
  quantite: 3000,
  valeurStock: 2700,
  etatStock: 'sous_seuil',
  image: null,
  description: null,
  actif: true,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  ...over,
});

const empty = { items: [], total: 0, page: 1, size: 200 };

function catalogueApi(extra?: ApiHandler) {
  const lists: URLSearchParams[] = [];
  const handler: ApiHandler = async (url, init) => {
    const answer = await extra?.(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/services/1/produits?')) {
      lists.push(new URLSearchParams(url.split('?')[1]));
      return json(200, { items: [produit()], total: 1, page: 1, size: 8 });
    }
    if (url.startsWith('/api/services/1/categories?'))
      return json(200, {
        ...empty,
        items: [{ id: 3, nom: 'Épicerie', nbProduits: 1, createdAt: '' }],
        total: 1,
      });
    if (url.startsWith('/api/services/1/marques?')) return json(200, empty);
    if (url.startsWith('/api/unites?'))
      return json(200, {
        ...empty,
        items: [{ id: 1, nom: 'Pièce', symbole: 'pce', fractionnable: false, createdAt: '' }],
        total: 1,
      });
    return undefined;
  };
  return { lists, handler };
}

beforeEach(() => queryClient.clear());

describe('/pages/produits', () => {
  it('asks the server for the page, sort, search and filters of the URL and shows price and low stock', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    const api = catalogueApi();
    renderApp(
      '/pages/produits?sort=prix_vente,desc&q=cafe&categorieId=3&stock=sous_seuil',
      api.handler,
    );
    const row = (await screen.findByText('Café Touba 250 g')).closest('tr')!;
    expect(Object.fromEntries(api.lists.at(-1)!)).toEqual({
      page: '1',
      size: '8',
      sort: 'prix_vente,desc',
      q: 'cafe',
      categorieId: '3',
      stock: 'sous_seuil',
    });
    await waitFor(() => expect(within(row).getByText(/^1.500.FCFA$/)).toBeInTheDocument());
    expect(within(row).getByText('Stock bas')).toBeInTheDocument();
    expect(within(row).getByText(/^3.pce$/)).toBeInTheDocument();
  });
});

describe('/pages/produits/add', () => {
  it('takes a scanner’s Enter in the barcode field without submitting, checks the EAN key, then moves on', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    const posted = vi.fn();
    const api = catalogueApi((url, init) => {
      if (init?.method === 'POST' && url === '/api/services/1/produits')
        posted(JSON.parse(String(init.body)));
      return undefined;
    });
    renderApp('/pages/produits/add', api.handler);
    const barcode = await screen.findByLabelText('Code-barres');
    const ui = userEvent.setup();
    await ui.type(barcode, '6001234567891{Enter}');
    expect(
      await screen.findByText('La clé de contrôle du code EAN-13 est fausse (attendue : 9).'),
    ).toBeInTheDocument();
    await ui.clear(barcode);
    await ui.type(barcode, '6001234567899');
    fireEvent.keyDown(barcode, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByText(/La clé de contrôle/)).toBeNull());
    expect(document.activeElement?.id).toBe('produit-categorieId');
    expect(posted).not.toHaveBeenCalled();
  });

  it('sends money in francs, quantities in thousandths, the shop’s VAT rate, and shows the 409 naming the other product under the barcode', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    const posted: any[] = [];
    const other = 'Le code-barres 6001234567899 est déjà utilisé par « Café Touba 250 g ».';
    const api = catalogueApi((url, init) => {
      if (url === '/api/services/1')
        return json(200, {
          id: 1,
          nom: 'Boutique',
          devise: 'XOF',
          ville: 'Dakar',
          pays: 'SN',
          assujettiTva: true,
          tauxTvaDefaut: 1800,
        });
      if (init?.method === 'POST' && url === '/api/services/1/produits') {
        posted.push(JSON.parse(String(init.body)));
        return problem(409, 'CONFLICT', other, [{ field: 'codeBarres', message: other }]);
      }
      return undefined;
    });
    renderApp('/pages/produits/add', api.handler);
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('Nom'), 'Café Touba 500 g');
    await ui.type(screen.getByLabelText('Code-barres'), '6001234567899');
    await ui.click(document.getElementById('produit-uniteId')!.closest('.p-dropdown')!);
    await ui.click(await screen.findByRole('option', { name: 'Pièce', hidden: true }));
    await ui.type(screen.getByLabelText('Prix de vente'), '2500');
    await ui.type(screen.getByLabelText('Stock initial'), '12');
    await ui.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      nom: 'Café Touba 500 g',
      codeBarres: '6001234567899',
      uniteId: 1,
      prixVente: 2500,
      prixAchat: 0,
      tauxTva: 1800,
      stockInitial: 12000,
      actif: true,
    });
    expect(await screen.findByText(other)).toHaveAttribute('id', 'produit-codeBarres-error');
  });
});
