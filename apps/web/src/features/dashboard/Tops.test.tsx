import type { TableauFigures } from '@comptoir/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PaiementsListe } from './DashboardCharts';
import { FigureCards } from './FigureCards';
import { Tops } from './Tops';

const totaux = {
  nombreVentes: 3,
  caTtc: 9000,
  caHt: 8000,
  coutVentes: 4000,
  nombreRetours: 0,
  retoursTtc: 0,
  retoursHt: 0,
  coutRetours: 0,
  margeBrute: 4000,
  panierMoyen: 3000,
};
const figures: TableauFigures = {
  totaux,
  totauxPrecedents: totaux,
  paiements: [
    { mode: 'especes', operateur: null, nombre: 2, montant: 3000 },
    { mode: 'mobile_money', operateur: 'Orange Money', nombre: 1, montant: 4000 },
    { mode: 'mobile_money', operateur: 'Wave', nombre: 1, montant: 2000 },
  ],
  dettes: { encours: 0, nombre: 0, enRetard: 0, nombreEnRetard: 0 },
  stock: { sousSeuil: 0, rupture: 0 },
  fournisseurs: { solde: 12_000, enRetard: 0, fournisseurs: 1 },
  depenses: { nombre: 0, montant: 0, precedent: { nombre: 0, montant: 0 } },
  topProduits: [
    { produitId: 5, nom: 'Riz 5 kg', boutique: 'Dakar', quantite: 2000, caTtc: 6000, marge: 2000 },
  ],
  topCategories: [
    { categorieId: 4, nom: 'Épicerie', caTtc: 6000, marge: 2000 },
    { categorieId: null, nom: 'Sans catégorie', caTtc: 3000, marge: 2000 },
  ],
  vendeurs: [
    { userId: 2, prenom: 'Fatou', nom: 'Sow', nombre: 2, caTtc: 6000 },
    { userId: 3, prenom: 'Awa', nom: 'Diop', nombre: 1, caTtc: 3000 },
  ],
  parJour: [],
  parHeure: [],
};
const jours = { du: '2026-10-29', au: '2026-11-27' };

const hrefOf = (table: HTMLElement, name: string) =>
  within(table).getByRole('link', { name }).getAttribute('href');

describe('tableau de bord : chaque chiffre mène à sa liste, filtrée de la même façon', () => {
  it('une catégorie ouvre le rapport produits filtré sur elle, un vendeur la liste de ses ventes, sur les jours de la période', () => {
    render(
      <MemoryRouter>
        <Tops figures={figures} devise="XOF" links={jours} />
      </MemoryRouter>,
    );
    const categories = screen.getByTestId('top-categories');
    expect(hrefOf(categories, 'Épicerie')).toBe(
      '/pages/rapports/produits?periode=perso&du=2026-10-29&au=2026-11-27&categorieId=4',
    );
    // « Sans catégorie » has no filter that gives it: no link.
    expect(within(categories).getByText('Sans catégorie').closest('a')).toBeNull();
    const vendeurs = screen.getByTestId('vendeurs');
    expect(hrefOf(vendeurs, 'Fatou Sow')).toBe(
      '/pages/ventes-list?periode=perso&du=2026-10-29&au=2026-11-27&vendeurId=2',
    );
    expect(within(vendeurs).getByText('2 ventes')).toBeInTheDocument();
    expect(within(vendeurs).getByText('1 vente')).toBeInTheDocument();
    // A product: the report narrowed to it, which gives its quantity and CA TTC.
    expect(hrefOf(screen.getByTestId('top-produits'), 'Riz 5 kg')).toBe(
      '/pages/rapports/produits?periode=perso&du=2026-10-29&au=2026-11-27&produitId=5',
    );
  });

  it('chaque mode de paiement ouvre les ventes payées ainsi, l’opérateur du mobile money compris', () => {
    render(
      <MemoryRouter>
        <PaiementsListe figures={figures} devise="XOF" links={jours} />
      </MemoryRouter>,
    );
    const modes = screen.getByTestId('paiements-modes');
    const days = 'periode=perso&du=2026-10-29&au=2026-11-27';
    expect(hrefOf(modes, 'Espèces')).toBe(`/pages/ventes-list?${days}&mode=especes`);
    expect(hrefOf(modes, 'Mobile money · Orange Money')).toBe(
      `/pages/ventes-list?${days}&mode=mobile_money&operateur=Orange+Money`,
    );
    expect(hrefOf(modes, 'Mobile money · Wave')).toBe(
      `/pages/ventes-list?${days}&mode=mobile_money&operateur=Wave`,
    );
    expect(
      within(modes)
        .getByText('Mobile money · Wave')
        .closest('li')
        ?.textContent?.replace(/\s/g, ' '),
    ).toBe('Mobile money · Wave2 000 FCFA');
  });

  it('un mode sans opérateur à côté du même mode avec opérateur n’a pas de lien (la liste ne les sépare pas)', () => {
    const mixed: TableauFigures = {
      ...figures,
      paiements: [
        { mode: 'mobile_money', operateur: null, nombre: 1, montant: 1000 },
        { mode: 'mobile_money', operateur: 'Wave', nombre: 1, montant: 2000 },
      ],
    };
    render(
      <MemoryRouter>
        <PaiementsListe figures={mixed} devise="XOF" links={jours} />
      </MemoryRouter>,
    );
    const modes = screen.getByTestId('paiements-modes');
    expect(within(modes).getByText('Mobile money').closest('a')).toBeNull();
    expect(within(modes).getAllByRole('link')).toHaveLength(1);
  });

  it('toutes mes boutiques : pas de lien (les listes sont celles d’une boutique)', () => {
    render(
      <MemoryRouter>
        <Tops figures={figures} devise="XOF" links={null} />
        <FigureCards figures={figures} devise="XOF" links={null} />
        <PaiementsListe figures={figures} devise="XOF" links={null} />
      </MemoryRouter>,
    );
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('le panier moyen ouvre la liste des ventes, les dettes fournisseurs leur onglet', () => {
    render(
      <MemoryRouter>
        <FigureCards figures={figures} devise="XOF" links={jours} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('lien-panier').getAttribute('href')).toBe(
      '/pages/ventes-list?periode=perso&du=2026-10-29&au=2026-11-27',
    );
    expect(screen.getByTestId('lien-fournisseurs').getAttribute('href')).toBe(
      '/pages/dettes?onglet=fournisseurs',
    );
    // CA HT, margin and returns: the product report's figures over every sale of the same days.
    for (const id of ['ca-ht', 'marge', 'retours'])
      expect(screen.getByTestId(`lien-${id}`).getAttribute('href'), id).toBe(
        '/pages/rapports/produits?periode=perso&du=2026-10-29&au=2026-11-27',
      );
    for (const id of ['ca-ttc', 'ventes'])
      expect(screen.getByTestId(`lien-${id}`).getAttribute('href'), id).toBe(
        '/pages/ventes-list?periode=perso&du=2026-10-29&au=2026-11-27',
      );
  });
});
