import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/query-client';
import { json } from '../../test/fixtures';
import { logIn, renderApp, type ApiHandler } from '../../test/render';

const produit = (id: number, nom: string) => ({
  id,
  nom,
  reference: null,
  codeBarres: '3017620422003',
  categorie: null,
  marque: null,
  unite: { id: 1, nom: 'Pièce', symbole: 'pce', fractionnable: false },
  prixAchat: 900,
  prixVente: 1500,
  prixGros: null,
  tauxTva: 1800,
  seuilAlerte: 0,
  quantite: 3000,
  valeurStock: 2700,
  etatStock: 'en_stock',
  image: null,
  description: null,
  actif: true,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
});
const empty = { items: [], total: 0, page: 1, size: 200 };

beforeEach(() => queryClient.clear());
afterEach(() => vi.restoreAllMocks());

describe('/pages/produits : étiquettes', () => {
  it('prints labels of the ticked products with a quantity each, and downloads etiquettes.pdf', async () => {
    logIn(['ROLE_GERANT']);
    const posted: unknown[] = [];
    const handler: ApiHandler = (url, init) => {
      if (url.startsWith('/api/services/1/produits?'))
        return json(200, {
          items: [produit(5, 'Café Touba 250 g'), produit(6, 'Thé vert')],
          total: 2,
          page: 1,
          size: 8,
        });
      if (
        url.startsWith('/api/services/1/categories?') ||
        url.startsWith('/api/services/1/marques?')
      )
        return json(200, empty);
      if (url === '/api/auth/xsrf') return json(204, undefined);
      if (url === '/api/services/1/produits/etiquettes') {
        posted.push(JSON.parse(String(init?.body)));
        return new Response(new Blob(['%PDF-1.3 test'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'Content-Type': 'application/pdf' },
        });
      }
      return undefined;
    };
    const createObjectURL = vi.fn((blob: Blob) => (blob.size > 0 ? 'blob:etiquettes' : ''));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    const user = userEvent.setup();
    renderApp('/pages/produits', handler);
    const print = await screen.findByRole('button', { name: 'Imprimer des étiquettes' });
    expect(print).toBeDisabled();
    const row = (await screen.findByText('Café Touba 250 g')).closest('tr')!;
    await user.click(row.querySelector('input[type=checkbox]')!);
    await waitFor(() => expect(print).toBeEnabled());
    await user.click(print);
    const dialog = await screen.findByRole('dialog', { name: 'Imprimer des étiquettes' });
    const quantite = within(dialog).getByLabelText("Nombre d'étiquettes pour Café Touba 250 g");
    expect(quantite).toHaveValue('1');
    await user.clear(quantite);
    await user.type(quantite, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Imprimer' }));
    await waitFor(() => expect(downloads).toEqual(['etiquettes.pdf']));
    expect(posted).toEqual([{ lignes: [{ produitId: 5, quantite: 30 }], format: '3x8' }]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});
