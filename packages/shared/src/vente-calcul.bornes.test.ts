import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_MAX, lineAmount } from './money.js';
import { calculerVente, montantsHorsBornes } from './vente-calcul.js';

const regles = { assujettiTva: false, prixTtc: true };
const ligne = (prixUnitaire: number, quantite: number) => ({
  prixUnitaire,
  quantite,
  tauxTva: 0,
  remise: null,
});

describe('bornes des montants (AMOUNT_MAX)', () => {
  it('une ligne est acceptée exactement quand son montant exact tient dans la borne', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e13 }),
        fc.integer({ min: 1, max: 1e9 }),
        (prix, quantite) => {
          const exact = (BigInt(prix) * BigInt(quantite) * 2n + 1000n) / 2000n;
          const calcul = calculerVente([ligne(prix, quantite)], null, regles);
          const refus = montantsHorsBornes(calcul);
          expect(refus === null).toBe(exact <= BigInt(AMOUNT_MAX));
          if (refus === null) expect(calcul.totalTtc).toBe(Number(exact));
        },
      ),
      { seed: 10_4, numRuns: 2000 },
    );
  });

  it('autour de la borne : AMOUNT_MAX passe, une unité de plus est refusée', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (d) => {
        const montant = AMOUNT_MAX + d;
        const calcul = calculerVente([ligne(montant, 1000)], null, regles);
        expect(calcul.lignes[0]!.montantBrut).toBe(lineAmount(montant, 1000));
        expect(montantsHorsBornes(calcul) === null).toBe(d <= 0);
      }),
      { seed: 10_4, numRuns: 500 },
    );
  });

  it('des lignes dans la borne dont la somme la dépasse : refusées, le total nommé', () => {
    const lignes = Array.from({ length: 500 }, () => ligne(1e13, 100_000));
    const refus = montantsHorsBornes(calculerVente(lignes, null, regles));
    expect(refus).toMatch(/^Le total du document dépasse la limite/);
    const une = montantsHorsBornes(calculerVente([ligne(1e13, 1e9)], null, regles));
    expect(une).toMatch(/^Le montant de la ligne 1 dépasse la limite/);
  });

  it('une ligne dont le brut dépasse la borne est refusée même quand sa remise ramène le net dedans', () => {
    const remiseTotale = { type: 'pourcent' as const, valeur: 10000 };
    const calcul = calculerVente(
      [{ ...ligne(AMOUNT_MAX, 2000), remise: remiseTotale }],
      null,
      regles,
    );
    expect(calcul.lignes[0]!.montantTtc).toBe(0);
    expect(montantsHorsBornes(calcul)).toMatch(/^Le montant de la ligne 1 dépasse la limite/);
  });
});
