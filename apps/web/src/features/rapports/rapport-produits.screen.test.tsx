import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../app/query-client';
import { json } from '../../test/fixtures';
import { logIn, renderApp } from '../../test/render';

beforeEach(() => queryClient.clear());

const figures = {
  quantiteVendue: 3000,
  quantiteRetournee: 0,
  caHt: 2500,
  caTtc: 3000,
  retoursHt: 0,
  retoursTtc: 0,
  cout: 1500,
  marge: 1000,
  tauxMarge: 4000,
};
const page = (toutesVentes: unknown) => ({
  items: [
    {
      produitId: 5,
      nom: 'Riz 5 kg',
      reference: null,
      categorie: null,
      marque: null,
      uniteSymbole: 'u',
      ...figures,
      stock: 10_000,
      valeurStock: 5000,
    },
  ],
  total: 1,
  page: 1,
  size: 20,
  totaux: { ...figures, valeurStock: 5000 },
  toutesVentes,
});
const TOUTES = {
  nombreVentes: 4,
  caHt: 6000,
  caTtc: 7000,
  cout: 2000,
  nombreRetours: 2,
  retoursHt: 500,
  retoursTtc: 600,
  margeBrute: 3500,
};

describe('/pages/rapports/produits : les chiffres du tableau de bord', () => {
  it('sans filtre de produit : CA HT, marge brute et retours de toutes les ventes, sous les noms du tableau', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    renderApp('/pages/rapports/produits?periode=perso&du=2026-11-01&au=2026-11-20', (url) =>
      url.startsWith('/api/services/1/rapports/produits?') ? json(200, page(TOUTES)) : undefined,
    );
    const strip = await screen.findByTestId('rapport-toutes-ventes');
    expect(strip.textContent?.replace(/\s/g, ' ')).toBe(
      'Chiffre d’affaires HT6 000 FCFAMarge brute3 500 FCFARetours2 · 600 FCFA',
    );
    expect(screen.queryByRole('button', { name: /Tous les produits/ })).not.toBeInTheDocument();
  });

  it('réduit à un produit (lien du tableau) : le filtre part à l’API et se retire', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    const urls: string[] = [];
    renderApp(
      '/pages/rapports/produits?periode=perso&du=2026-11-01&au=2026-11-20&produitId=5',
      (url) => {
        if (!url.startsWith('/api/services/1/rapports/produits?')) return undefined;
        urls.push(url);
        return json(200, page(url.includes('produitId') ? null : TOUTES));
      },
    );
    const reset = await screen.findByRole('button', {
      name: 'Un seul produit : afficher tous les produits',
    });
    await waitFor(() => expect(urls.some((u) => u.includes('produitId=5'))).toBe(true));
    expect(screen.queryByTestId('rapport-toutes-ventes')).not.toBeInTheDocument();
    await userEvent.click(reset);
    expect(await screen.findByTestId('rapport-toutes-ventes')).toBeInTheDocument();
    expect(urls.at(-1)).not.toContain('produitId');
  });
});
