import { describe, expect, it } from 'vitest';
import {
  ajouter,
  calculer,
  soldePaiements,
  venteBody,
  venteErrors,
  type ProduitVendu,
  type VenteSaisie,
} from './panier';

const produit = (
  id: number,
  prixVente: number,
  prixGros: number | null = null,
  fractionnable = false,
): ProduitVendu => ({
  id,
  nom: `Produit ${id}`,
  reference: null,
  codeBarres: null,
  prixVente,
  prixGros,
  tauxTva: 1800,
  quantite: 10_000,
  unite: {
    id: 1,
    nom: fractionnable ? 'kilogramme' : 'pièce',
    symbole: fractionnable ? 'kg' : 'pce',
    fractionnable,
  },
});
const regles = { assujettiTva: true, prixTtc: true };
const saisie = (patch: Partial<VenteSaisie> = {}): VenteSaisie => ({
  cle: 'cle-0123456789',
  typeVenteId: 1,
  clientId: null,
  lignes: [],
  remiseGlobale: null,
  paiements: [],
  echeance: null,
  note: '',
  ...patch,
});

describe('back-office sale', () => {
  it('adds one more of a product already in the sale', () => {
    const once = ajouter([], produit(1, 500));
    expect(ajouter(once, produit(1, 500))).toEqual([
      { produit: produit(1, 500), quantite: 2000, remise: null },
    ]);
    expect(ajouter(once, produit(2, 300))).toHaveLength(2);
  });
  it('uses the wholesale price for a wholesale sale, the retail one when there is none', () => {
    const lignes = [
      ...ajouter([], produit(1, 1000, 800)),
      { produit: produit(2, 500), quantite: 2000, remise: null },
    ];
    expect(calculer(lignes, null, 'detail', regles).totalTtc).toBe(2000);
    expect(calculer(lignes, null, 'gros', regles).totalTtc).toBe(1800);
    expect(calculer(lignes, { type: 'pourcent', valeur: 1000 }, 'gros', regles).totalTtc).toBe(
      1620,
    );
  });
  it('sums payments, gives change for cash and leaves the unpaid rest', () => {
    expect(
      soldePaiements(5000, [
        { mode: 'especes', montant: 3000, recu: 5000, operateur: '', reference: '' },
        { mode: 'mobile_money', montant: 1500, recu: null, operateur: 'Wave', reference: '' },
      ]),
    ).toEqual({ paye: 4500, rendu: 2000, reste: 500 });
  });
  it('asks for a customer and a due date when something is left unpaid', () => {
    const lignes = ajouter([], produit(1, 1000));
    expect(venteErrors(saisie({ lignes }), 1000)).toEqual({
      clientId: 'Le reste à payer exige un client.',
      echeance: "Choisissez la date d'échéance du reste à payer.",
    });
    expect(venteErrors(saisie({ lignes, clientId: 4, echeance: '2026-12-01' }), 1000)).toEqual({});
    expect(venteErrors(saisie(), 0)['lignes']).toBe('Ajoutez au moins un article.');
    expect(
      venteErrors(
        saisie({ lignes: [{ produit: produit(1, 1000), quantite: 1500, remise: null }] }),
        1500,
      )['lignes.0.quantite'],
    ).toBe("« Produit 1 » se vend à l'unité.");
    expect(
      venteErrors(
        saisie({
          lignes,
          paiements: [{ mode: 'carte', montant: 2000, recu: null, operateur: '', reference: '' }],
        }),
        1000,
      )['paiements'],
    ).toBe('Les paiements dépassent le total de la vente.');
  });
  it('sends the body the API validates: no empty payments, no zero discounts, cash received only for cash', () => {
    const lignes = [
      {
        produit: produit(1, 1000, null, true),
        quantite: 1500,
        remise: { type: 'montant' as const, valeur: 0 },
      },
    ];
    const body = venteBody(
      saisie({
        lignes,
        clientId: 3,
        echeance: '2026-12-01',
        note: ' ',
        paiements: [
          { mode: 'especes', montant: 1000, recu: 2000, operateur: 'x', reference: 'y' },
          { mode: 'carte', montant: null, recu: null, operateur: '', reference: '' },
        ],
      }),
      1500,
    );
    expect(body).toEqual({
      cleIdempotence: 'cle-0123456789',
      typeVenteId: 1,
      clientId: 3,
      lignes: [{ produitId: 1, quantite: 1500, remise: null }],
      remiseGlobale: null,
      paiements: [{ mode: 'especes', montant: 1000, recu: 2000, operateur: null, reference: null }],
      echeance: '2026-12-01',
      note: null,
    });
  });
});
