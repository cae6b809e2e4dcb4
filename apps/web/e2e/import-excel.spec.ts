import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import {
  noterTextes,
  pageRepond,
  produitsEnEuros,
  retenirWorkerExcel,
  textesNotes,
} from './support/long-travail';

const N = 20_000;
const HEADERS = [
  'Nom',
  'Référence',
  'Catégorie',
  'Unité',
  "Prix d'achat",
  'Prix de vente',
  'TVA (%)',
  "Seuil d'alerte",
  'Stock initial',
];

/** A workbook of `N` products as a spreadsheet keeps them: amounts and quantities as numbers. */
async function classeur(run: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Produits');
  sheet.addRow(HEADERS);
  for (let i = 1; i <= N; i += 1)
    sheet.addRow([
      `Excel ${run} n°${i}`,
      `XL-${run}-${i}`,
      `Excel ${run}`,
      'pièce',
      8,
      10,
      20,
      2,
      15,
    ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('import Excel de 20 000 lignes : le fichier est lu hors de la page, la lecture avance avant le résultat, la page sert pendant ce temps', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const { shell } = await produitsEnEuros(page);
  const fichier = await classeur(run);
  // Every text the progress line shows, in order, then « (fin) » once the file's count is shown.
  await noterTextes(page, 'import-progression', /lignes de produits/);

  // The worker's script held: the reading is surely under way while the page is used.
  const worker = await retenirWorkerExcel(page);
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer des produits' });
  await dialog.getByLabel('Fichier CSV ou Excel (.xlsx)').setInputFiles({
    name: 'produits.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: fichier,
  });
  await expect(dialog.locator('#import-progression')).toHaveText('Lecture du fichier…');
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  await expect.poll(worker.demande).toBe(true);

  // Hidden while the file is read: the page answers (the shop menu opens and closes).
  await dialog.getByRole('button', { name: 'Masquer (la lecture continue)' }).click();
  await expect(dialog).toBeHidden();
  await pageRepond(page, shell);
  await page.getByRole('button', { name: 'Import en cours…' }).click();
  await expect(dialog.locator('#import-progression')).toHaveText('Lecture du fichier…');

  worker.ouvrir();
  await expect(dialog).toContainText(/20\s000 lignes de produits/, { timeout: 150_000 });
  await expect(dialog.getByRole('progressbar')).toBeHidden();
  await expect(dialog.getByRole('table').first()).toContainText(`Excel ${run} n°1`);

  // What the line said, in order: the reading, the rows read (by thousands, then all of them,
  // the headers' row included), then the file's count: the line moved before the result, never
  // backwards.
  const seen = await textesNotes(page);
  const log = seen.join(' | ');
  expect(seen[0], log).toBe('Lecture du fichier…');
  expect(seen.at(-1), log).toBe('(fin)');
  const lues = seen.slice(1, -1).map((text) => {
    const m = /^Lecture du fichier : ([\d\s]+) lignes sur 20\s001$/.exec(text);
    if (!m) throw new Error(`Texte inattendu : ${text} (${log})`);
    return Number(m[1]!.replace(/\s/g, ''));
  });
  expect(lues.at(-1), log).toBe(N + 1);
  expect(lues.filter((n) => n < N + 1).length, log).toBeGreaterThanOrEqual(1);
  lues.slice(1).forEach((n, i) => expect(n, log).toBeGreaterThan(lues[i]!));

  // The rows read are the file's: the server checks the 20 000 of them.
  await dialog.getByRole('button', { name: 'Vérifier' }).click();
  await expect(dialog.getByRole('status')).toContainText(/20\s000 lignes vérifiées/, {
    timeout: 150_000,
  });

  // A file that is no workbook: a French message, and no reading left going on.
  await dialog.getByLabel('Fichier CSV ou Excel (.xlsx)').setInputFiles({
    name: 'abime.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from('Nom;Prix\nCafé;10\n'),
  });
  await expect(dialog.getByRole('alert')).toContainText(
    "Le fichier Excel n'a pas pu être lu : vérifiez qu'il s'agit d'un classeur .xlsx",
  );
  await expect(dialog.getByRole('progressbar')).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Fermer' }).last()).toBeVisible();
});
