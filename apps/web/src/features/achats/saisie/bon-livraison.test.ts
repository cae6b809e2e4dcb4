import { describe, expect, it } from 'vitest';
import { autoMapColumns } from '../../../components/import/columns';
import { parseCsv } from '../../../lib/csv';
import { lireClasseur } from '../../../lib/xlsx-read';
import {
  BON_LIVRAISON_FIELDS,
  convertBonLivraison,
  livresAjoutables,
  refusedRows,
} from './bon-livraison';

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

  it('lit un vrai .xlsx où Excel a gardé le code-barres comme un nombre', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('BL');
    sheet.addRow(['Code-barres', 'Quantité', 'Prix unitaire']);
    // Typed as numbers: the first in the General format (zeros lost, as Excel stores it), the
    // second shown with its zeros by a « 0000000000000 » format.
    sheet.addRow([12345678905, 12, 1100]);
    sheet.addRow([3017620422003, 2, 950]);
    sheet.addRow([5449000000996, 1.5, null]);
    sheet.getCell('A3').value = 12345678905;
    sheet.getCell('A3').numFmt = '0000000000000';
    const data = (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
    const [headers, ...rows] = await lireClasseur(data);
    const mapping = autoMapColumns(BON_LIVRAISON_FIELDS, headers!);
    expect(convertBonLivraison(rows, mapping, 'XOF').lignes).toEqual([
      { ligne: 1, code: '12345678905', quantite: 12_000, prixUnitaire: 1100 },
      { ligne: 2, code: '0012345678905', quantite: 2000, prixUnitaire: 950 },
      { ligne: 3, code: '5449000000996', quantite: 1500, prixUnitaire: null },
    ]);
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

  it('un produit déjà dans l’achat : sa quantité s’ajoute au même coût, la ligne du bon est refusée à un autre coût', () => {
    const produit = (id: number, nom: string) => ({
      id,
      nom,
      reference: `REF-${id}`,
      codeBarres: null,
      prixVente: 0,
      prixAchat: 0,
      uniteSymbole: 'pce',
      fractionnable: false,
    });
    const riz = produit(1, 'Riz');
    const sucre = produit(2, 'Sucre');
    const huile = produit(3, 'Huile');
    const livres = [
      { ligne: 1, produit: riz, quantite: 1000, prixUnitaire: 2500 },
      { ligne: 2, produit: sucre, quantite: 1000, prixUnitaire: 650 },
      { ligne: 3, produit: huile, quantite: 1000, prixUnitaire: 1200 },
    ];
    const { ajout, refusees } = livresAjoutables(
      [
        { produit: { id: 1 }, prix: 2500 },
        { produit: { id: 2 }, prix: 700 },
      ] as never,
      livres,
      'XOF',
    );
    expect(ajout).toEqual([livres[0], livres[2]]);
    expect(refusees).toEqual([
      {
        ligne: 2,
        code: 'REF-2',
        message:
          "Ligne 2 : « Sucre » est déjà dans l'achat à un autre coût (700\u00A0FCFA, 650\u00A0FCFA sur le bon) ; un achat n'a qu'une ligne par produit : corrigez sa quantité et son coût à la main.",
      },
    ]);
  });
});
