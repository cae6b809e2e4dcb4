import { describe, expect, it } from 'vitest';
import { autoMapColumns } from '../../../components/import/columns';
import { parseCsv } from '../../../lib/csv';
import { BON_LIVRAISON_FIELDS, convertBonLivraison, refusedRows } from './bon-livraison';

describe('bon de livraison', () => {
  it('reconnaît les colonnes d’un bon français et convertit quantités et coûts', () => {
    const [headers, ...rows] = parseCsv(
      '\uFEFFDésignation;Réf.;Qté livrée;P.U.\r\nRiz;RIZ-5;12;1 100\r\nSucre;3017620422003;1,5;\r\n',
    );
    const mapping = autoMapColumns(BON_LIVRAISON_FIELDS, headers!);
    expect(mapping).toEqual({ code: 1, quantite: 2, cout: 3 });
    expect(convertBonLivraison(rows, mapping, 'XOF')).toEqual({
      lignes: [
        { ligne: 1, code: 'RIZ-5', quantite: 12_000, prixUnitaire: 1100 },
        { ligne: 2, code: '3017620422003', quantite: 1500, prixUnitaire: null },
      ],
      errors: [],
    });
    expect(
      convertBonLivraison([['A', '2', '3,20 €']], { code: 0, quantite: 1, cout: 2 }, 'EUR'),
    ).toMatchObject({ lignes: [{ prixUnitaire: 320 }] });
  });

  it('nomme chaque cellule illisible par sa ligne, sans garder la ligne', () => {
    const mapping = { code: 0, quantite: 1, cout: 2 };
    const { lignes, errors } = convertBonLivraison(
      [
        ['', '2', ''],
        ['B', '-3', ''],
        ['C', 'douze', '10'],
        ['D', '1', 'beaucoup'],
        ['E', '1', '10,5'],
      ],
      mapping,
      'XOF',
    );
    expect(lignes).toEqual([]);
    expect(errors).toEqual([
      {
        ligne: 1,
        champ: 'Référence ou code-barres',
        message: 'La référence ou le code-barres est vide.',
      },
      {
        ligne: 2,
        champ: 'Quantité',
        message: "La quantité « -3 » n'est pas une quantité positive (3 décimales au plus).",
      },
      {
        ligne: 3,
        champ: 'Quantité',
        message: "La quantité « douze » n'est pas une quantité positive (3 décimales au plus).",
      },
      {
        ligne: 4,
        champ: 'Coût unitaire',
        message: "Le coût « beaucoup » n'est pas un montant valide en XOF.",
      },
      {
        ligne: 5,
        champ: 'Coût unitaire',
        message: "Le coût « 10,5 » n'est pas un montant valide en XOF.",
      },
    ]);
  });

  it('présente les lignes refusées par le serveur sans leur préfixe', () => {
    expect(
      refusedRows({
        lignes: [],
        erreurs: [{ ligne: 3, code: 'X', message: 'Ligne 3 : aucun produit… « X ».' }],
      }),
    ).toEqual([{ ligne: 3, champ: 'Produit', message: 'Aucun produit… « X ».' }]);
  });
});
