import { calculerVente } from '@comptoir/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_CART, type Cart } from '../../../components/document/cart';
import { nutella, riz } from '../../../components/document/cart.fixtures';
import {
  calculerDevis,
  devisContenu,
  devisErrors,
  nouvellePrestation,
  type DevisSaisi,
} from './devis-saisie';

const cart: Cart = {
  ...EMPTY_CART,
  client: { id: 4, nom: 'Mairie de Thiès', telephone: null },
  lignes: [
    { produit: nutella, quantite: 3000, remise: { type: 'pourcent', valeur: 1000 } },
    { produit: riz, quantite: 2500, remise: null },
  ],
  remiseGlobale: { type: 'montant', valeur: 500 },
};
const pose = {
  ...nouvellePrestation(1800),
  designation: '  Pose et réglage  ',
  prixUnitaire: 15_000,
  quantite: 2000,
};
const saisi: DevisSaisi = {
  cart,
  prestations: [pose],
  dateValidite: '2026-12-31',
  note: '  ',
  conditions: 'Paiement à 30 jours',
};
const TTC = { assujettiTva: true, prixTtc: true };

describe('calculerDevis', () => {
  it('equals the sale computation over the products then the services, at the sale type’s price', () => {
    const lignes = [
      { prixUnitaire: 2750, quantite: 3000, tauxTva: 1800, remise: cart.lignes[0]!.remise },
      { prixUnitaire: 600, quantite: 2500, tauxTva: 0, remise: null },
      { prixUnitaire: 15_000, quantite: 2000, tauxTva: 1800, remise: null },
    ];
    expect(calculerDevis(saisi, 'detail', TTC)).toEqual(
      calculerVente(lignes, cart.remiseGlobale, TTC),
    );
    // Wholesale prices for the products that have one (rice has none: its retail price).
    const gros = calculerDevis(saisi, 'gros', TTC);
    expect(gros).toEqual(
      calculerVente(
        [{ ...lignes[0]!, prixUnitaire: 2500 }, lignes[1]!, lignes[2]!],
        cart.remiseGlobale,
        TTC,
      ),
    );
    // 3 × 2 750 − 10 % = 7 425; 2,5 kg × 600 = 1 500; 2 × 15 000; less 500 overall.
    expect(calculerDevis(saisi, 'detail', TTC).totalTtc).toBe(7425 + 1500 + 30_000 - 500);
  });
});

describe('devisContenu', () => {
  it('sends product lines, then service lines trimmed, and empty texts as null', () => {
    expect(devisContenu(saisi, 2)).toEqual({
      clientId: 4,
      typeVenteId: 2,
      dateValidite: '2026-12-31',
      lignes: [
        { produitId: 1, quantite: 3000, remise: { type: 'pourcent', valeur: 1000 } },
        { produitId: 3, quantite: 2500, remise: null },
        {
          produitId: null,
          designation: 'Pose et réglage',
          prixUnitaire: 15_000,
          tauxTva: 1800,
          uniteSymbole: 'forfait',
          quantite: 2000,
          remise: null,
        },
      ],
      remiseGlobale: { type: 'montant', valeur: 500 },
      note: null,
      conditions: 'Paiement à 30 jours',
    });
  });
});

describe('devisErrors', () => {
  it('accepts a complete quote', () => {
    expect(devisErrors(saisi)).toEqual({});
  });

  it('names, in French and by field, what is missing', () => {
    const vide = nouvellePrestation(0);
    const errors = devisErrors({
      cart: { ...cart, client: null, lignes: [{ produit: nutella, quantite: 1500, remise: null }] },
      prestations: [{ ...vide, quantite: 0 }],
      dateValidite: null,
      note: '',
      conditions: '',
    });
    expect(errors).toMatchObject({
      clientId: 'Choisissez le client du devis.',
      dateValidite: 'La date de validité est obligatoire.',
      [`prestation.${vide.key}.designation`]: 'La désignation de la prestation est obligatoire.',
      [`prestation.${vide.key}.prixUnitaire`]: 'Le prix de la prestation est obligatoire.',
      [`prestation.${vide.key}.quantite`]: 'La quantité doit être supérieure à zéro.',
    });
    // Nutella is sold whole: 1,5 is refused on its line.
    expect(errors['lignes.0.quantite']).toMatch(/Nutella 400 g/);
    expect(
      devisErrors({ ...saisi, cart: { ...cart, lignes: [] }, prestations: [] })['lignes'],
    ).toBe('Ajoutez au moins un produit ou une prestation.');
  });
});
