import { describe, expect, it } from 'vitest';
import { calculerVente } from '../vente-calcul.js';
import {
  ajouterLigne,
  calculerLignes,
  erreurQuantite,
  exigencesReste,
  libelleTiers,
  paiementVide,
  prixSelonType,
  quantiteValide,
  remiseEffective,
  resumePaiements,
  venteBody,
  venteErrors,
  type LigneDeVente,
  type PaiementSaisi,
  type ProduitDeLigne,
  type VenteSaisie,
} from './index.js';

const produit = (
  id: number,
  prixVente: number,
  prixGros: number | null = null,
  fractionnable = false,
): ProduitDeLigne => ({
  id,
  nom: `Produit ${id}`,
  prixVente,
  prixGros,
  tauxTva: 1800,
  fractionnable,
});
const ligne = (produit: ProduitDeLigne, quantite: number | null = 1000): LigneDeVente => ({
  produit,
  quantite,
  remise: null,
});
const regles = { assujettiTva: true, prixTtc: true };
const p = (patch: Partial<PaiementSaisi> & Pick<PaiementSaisi, 'mode'>): PaiementSaisi => ({
  ...paiementVide(patch.mode),
  ...patch,
});
const saisie = (patch: Partial<VenteSaisie> = {}): VenteSaisie => ({
  cle: 'cle-0123456789',
  typeVenteId: 1,
  clientId: null,
  lignes: [],
  remiseGlobale: null,
  paiements: [],
  echeance: null,
  ...patch,
});

describe('lines', () => {
  it('prices a wholesale sale at the wholesale price, falling back to retail', () => {
    expect(prixSelonType({ prixVente: 1000, prixGros: 800 }, 'gros')).toBe(800);
    expect(prixSelonType({ prixVente: 1000, prixGros: null }, 'gros')).toBe(1000);
    expect(prixSelonType({ prixVente: 1000, prixGros: 800 }, 'detail')).toBe(1000);
  });

  it('adds one more of a product already on the document, else a new line', () => {
    const once = ajouterLigne([], produit(1, 500), (pr, q) => ligne(pr, q));
    expect(ajouterLigne(once, produit(1, 500), (pr, q) => ligne(pr, q))).toEqual([
      ligne(produit(1, 500), 2000),
    ]);
    expect(ajouterLigne(once, produit(2, 300), (pr, q) => ligne(pr, q), 1500)).toEqual([
      ligne(produit(1, 500), 1000),
      ligne(produit(2, 300), 1500),
    ]);
  });

  it('keeps thousandths only for fractional units, at least the smallest quantity', () => {
    expect(quantiteValide(2500, false)).toBe(3000);
    expect(quantiteValide(1250, true)).toBe(1250);
    expect(quantiteValide(0, false)).toBe(1000);
    expect(quantiteValide(0, true)).toBe(1);
    expect(quantiteValide(5e9, true)).toBe(1e9);
    expect(erreurQuantite(1500, false, 'Pain')).toBe("« Pain » se vend à l'unité.");
    expect(erreurQuantite(null, true, 'Riz')).toBe('La quantité doit être supérieure à zéro.');
    expect(erreurQuantite(1500, true, 'Riz')).toBeNull();
  });

  it('drops a discount of zero', () => {
    expect(remiseEffective({ type: 'pourcent', valeur: 0 })).toBeNull();
    expect(remiseEffective({ type: 'montant', valeur: 5 })).toEqual({ type: 'montant', valeur: 5 });
    expect(remiseEffective(undefined)).toBeNull();
  });

  it('computes the lines exactly as calculerVente at the sale type price', () => {
    const lignes = [
      {
        ...ligne(produit(1, 2750, 2500), 3000),
        remise: { type: 'pourcent' as const, valeur: 1000 },
      },
      ligne(produit(2, 600, null, true), 1500),
    ];
    const remise = { type: 'montant' as const, valeur: 100 };
    expect(calculerLignes(lignes, remise, 'gros', regles)).toEqual(
      calculerVente(
        [
          { prixUnitaire: 2500, quantite: 3000, tauxTva: 1800, remise: lignes[0]!.remise },
          { prixUnitaire: 600, quantite: 1500, tauxTva: 1800, remise: null },
        ],
        remise,
        regles,
      ),
    );
  });
});

describe('payments', () => {
  it('applies amounts first, then cash handed over, with the change', () => {
    const s = resumePaiements(5550, [
      p({ mode: 'especes', recu: 5000 }),
      p({ mode: 'mobile_money', montant: 2000, operateur: ' Wave ', reference: 'TX1' }),
    ]);
    expect(s.paiements).toEqual([
      { mode: 'mobile_money', montant: 2000, recu: null, operateur: 'Wave', reference: 'TX1' },
      { mode: 'especes', montant: 3550, recu: 5000, operateur: null, reference: null },
    ]);
    expect(s).toMatchObject({ paye: 5550, reste: 0, rendu: 1450, erreur: null, erreurs: {} });
  });

  it('takes a cash amount as applied and the cash received for the change', () => {
    expect(
      resumePaiements(5000, [
        p({ mode: 'especes', montant: 3000, recu: 5000, operateur: 'x', reference: 'y' }),
        p({ mode: 'mobile_money', montant: 1500, operateur: 'Wave' }),
        p({ mode: 'carte' }),
      ]),
    ).toEqual({
      paiements: [
        { mode: 'especes', montant: 3000, recu: 5000, operateur: null, reference: null },
        { mode: 'mobile_money', montant: 1500, recu: null, operateur: 'Wave', reference: null },
      ],
      paye: 4500,
      avoir: 0,
      reste: 500,
      rendu: 2000,
      erreur: null,
      erreurs: {},
    });
  });

  it('takes the customer’s credit apart from the payments, never beyond it (issue 15)', () => {
    const saisis = [p({ mode: 'avoir', montant: 2000 }), p({ mode: 'especes', recu: 5000 })];
    expect(resumePaiements(5000, saisis, 2500)).toMatchObject({
      paiements: [{ mode: 'especes', montant: 3000, recu: 5000 }],
      paye: 5000,
      avoir: 2000,
      reste: 0,
      rendu: 2000,
      erreur: null,
    });
    expect(resumePaiements(5000, saisis, 1500).erreur).toBe(
      "L'avoir utilisé dépasse l'avoir disponible du client.",
    );
    expect(resumePaiements(5000, saisis).erreurs['paiements']).toBe(
      "L'avoir utilisé dépasse l'avoir disponible du client.",
    );
  });

  it('says what blocks the payments, by field', () => {
    expect(resumePaiements(5000, [p({ mode: 'carte', montant: 2000 })])).toMatchObject({
      paye: 2000,
      reste: 3000,
      erreur: null,
    });
    const over = resumePaiements(5000, [
      p({ mode: 'mobile_money', montant: 1000 }),
      p({ mode: 'carte', montant: 6000 }),
    ]);
    expect(over.erreur).toBe('Les paiements dépassent le total de la vente.');
    expect(over.erreurs).toEqual({
      paiements: 'Les paiements dépassent le total de la vente.',
      'paiements.0.operateur': "L'opérateur de mobile money est obligatoire.",
    });
    expect(resumePaiements(5000, [p({ mode: 'mobile_money', montant: 1000 })]).erreur).toBe(
      "L'opérateur de mobile money est obligatoire.",
    );
    expect(
      resumePaiements(5000, [p({ mode: 'especes', montant: 3000, recu: 2000 })]).erreurs,
    ).toEqual({
      'paiements.0.recu': 'Le montant reçu ne peut pas être inférieur au montant payé.',
    });
    expect(resumePaiements(5000, [p({ mode: 'especes' })])).toMatchObject({
      paiements: [],
      paye: 0,
      reste: 5000,
    });
  });
});

describe('party and sale', () => {
  it('names a party with its phone', () => {
    expect(libelleTiers({ id: 1, nom: 'Awa', telephone: '+221 77' })).toBe('Awa — +221 77');
    expect(libelleTiers({ id: 1, nom: 'Awa', telephone: null })).toBe('Awa');
  });

  it('asks for a party and a due date when something is left unpaid', () => {
    expect(exigencesReste(0, null, null)).toEqual({});
    expect(exigencesReste(10, { id: 2 }, '2026-12-01')).toEqual({});
    expect(exigencesReste(10, null, null)).toEqual({
      clientId: 'Le reste à payer exige un client.',
      echeance: "Choisissez la date d'échéance du reste à payer.",
    });
    const lignes = [ligne(produit(1, 1000))];
    expect(venteErrors(saisie({ lignes }), 1000)).toEqual({
      clientId: 'Le reste à payer exige un client.',
      echeance: "Choisissez la date d'échéance du reste à payer.",
    });
    expect(venteErrors(saisie({ lignes, clientId: 4, echeance: '2026-12-01' }), 1000)).toEqual({});
    expect(venteErrors(saisie({ typeVenteId: null }), 0)).toEqual({
      typeVenteId: 'Choisissez le type de vente.',
      lignes: 'Ajoutez au moins un article.',
    });
    expect(
      venteErrors(saisie({ lignes: [ligne(produit(1, 1000), 1500)] }), 1500)['lignes.0.quantite'],
    ).toBe("« Produit 1 » se vend à l'unité.");
  });

  it('sends the body the API validates', () => {
    const body = venteBody(
      saisie({
        lignes: [
          { ...ligne(produit(1, 1000, null, true), 1500), remise: { type: 'montant', valeur: 0 } },
        ],
        clientId: 3,
        echeance: '2026-12-01',
        note: ' ',
        paiements: [p({ mode: 'especes', montant: 1000, recu: 2000 }), p({ mode: 'carte' })],
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
    expect(venteBody(saisie(), 0)).not.toHaveProperty('note');
  });
});
