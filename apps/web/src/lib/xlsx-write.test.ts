import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { classeurDepuisCsv, numericIndexes } from './xlsx-write';

/** The first sheet of a workbook's bytes, as exceljs reads it back. */
async function feuille(octets: ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(octets);
  return workbook.worksheets[0]!;
}

const valeurs = (sheet: ExcelJS.Worksheet) =>
  sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row.slice(1)] : []));

describe('classeur d’un export CSV (le module du worker)', () => {
  it('écrit la feuille nommée : en-têtes français en gras, argent et quantités en nombres, le reste en texte', async () => {
    const csv =
      'Nom;Code-barres;Prix de vente;TVA (%);Quantité;Note\r\n' +
      'Café moulu;0012345678905;1234,5;18;-2,125;"dit ""bon"";\nà revoir"\r\n' +
      'Riz;;2500;;10;1,5\r\n';
    const lignes: Array<[number, number]> = [];
    const octets = await classeurDepuisCsv(
      { feuille: 'Produits', csv, numeric: { headers: ['Prix de vente', 'TVA (%)', 'Quantité'] } },
      (n, total) => lignes.push([n, total]),
    );
    // Bytes of their own, which the worker can transfer to the page (a Buffer view cannot be).
    const transferes = structuredClone(octets, { transfer: [octets] });
    expect(octets.byteLength).toBe(0);
    const sheet = await feuille(transferes);
    expect(sheet.name).toBe('Produits');
    expect(valeurs(sheet)).toEqual([
      ['Nom', 'Code-barres', 'Prix de vente', 'TVA (%)', 'Quantité', 'Note'],
      ['Café moulu', '0012345678905', 1234.5, 18, -2.125, 'dit "bon";\nà revoir'],
      // An empty cell stays an empty text; « 1,5 » outside the numeric columns stays text.
      ['Riz', '', 2500, '', 10, '1,5'],
    ]);
    expect(sheet.getRow(1).font).toEqual({ bold: true });
    expect(sheet.getRow(2).font).toBeUndefined();
    expect(sheet.columns.map((c) => c.width)).toEqual([16, 16, 16, 16, 16, 16]);
    // All rows added: only the file's compression was left.
    expect(lignes).toEqual([[2, 2]]);
  });

  it('les colonnes chiffrées à partir d’un rang (le rapport) ; la progression par mille lignes', async () => {
    expect([...numericIndexes(['Produit', 'Unité', 'CA HT', 'Stock'], { from: 2 })]).toEqual([
      2, 3,
    ]);
    const rows = Array.from({ length: 2500 }, (_, i) => `P${i + 1};${i + 1},25`);
    const lignes: Array<[number, number]> = [];
    const octets = await classeurDepuisCsv(
      {
        feuille: 'Rapport produits',
        csv: `Produit;CA HT\r\n${rows.join('\r\n')}\r\n`,
        numeric: { from: 1 },
      },
      (n, total) => lignes.push([n, total]),
    );
    const sheet = await feuille(octets);
    expect(sheet.rowCount).toBe(2501);
    expect(sheet.getRow(2501).values).toEqual([undefined, 'P2500', 2500.25]);
    expect(lignes).toEqual([
      [1000, 2500],
      [2000, 2500],
      [2500, 2500],
    ]);
  });
});
