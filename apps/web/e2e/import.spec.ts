import { expect, test } from '@playwright/test';
import { ProductsPage } from './support/catalogue-pages';
import { DEMO } from './support/constants';
import { loginAs } from './support/pages';

const HEADERS =
  "Nom;Référence;Catégorie;Unité;Prix d'achat;Prix de vente;TVA (%);Seuil d'alerte;Stock initial";

/** A French spreadsheet's CSV of 500 products; when `bad`, row 42 has an unknown unit and row 300 the reference of row 299. */
function csv(run: string, bad: boolean): Buffer {
  const lines = [HEADERS];
  for (let i = 1; i <= 500; i += 1) {
    const unite = bad && i === 42 ? 'boîte-inconnue' : 'pièce';
    const reference = bad && i === 300 ? 299 : i;
    lines.push(
      `Import ${run} n°${i};IMP-${run}-${reference};Import ${run};${unite};1 000;1 250;18;2;"1 500"`,
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf-8');
}

test('import CSV de 500 lignes : deux lignes fausses nommées et rien importé ; corrigé, tout est importé ; export Excel', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  await loginAs(page, DEMO.proprietaire);
  const produits = new ProductsPage(page);
  await produits.goto();

  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer des produits' });
  await dialog
    .getByLabel('Fichier CSV ou Excel (.xlsx)')
    .setInputFiles({ name: 'produits.csv', mimeType: 'text/csv', buffer: csv(run, true) });
  await expect(dialog).toContainText('500 lignes de produits');
  await expect(dialog.getByLabel('Prix de vente *')).toHaveValue('5');
  await expect(dialog.getByRole('table').first()).toContainText(`Import ${run} n°1`);

  // Rows 42 and 300 are wrong: both named, nothing imported.
  await dialog.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    "2 lignes comportent des erreurs : rien n'a été importé.",
  );
  const errors = dialog.getByLabel("Erreurs de l'import");
  await expect(errors.locator('tbody tr')).toHaveCount(2);
  await expect(errors.locator('tbody tr').nth(0)).toContainText(
    "42UnitéL'unité « boîte-inconnue » n'existe pas.",
  );
  await expect(errors.locator('tbody tr').nth(1)).toContainText(
    `300RéférenceLa référence IMP-${run}-299 est déjà utilisée par la ligne 299.`,
  );
  await dialog.getByRole('button', { name: 'Fermer' }).last().click();
  await produits.search(`Import ${run}`);
  await expect(page.getByTestId('produits-table')).toContainText(/Aucun produit|aucun/i);

  // Both rows fixed: a dry run, then the import of the 500 rows.
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await dialog
    .getByLabel('Fichier CSV ou Excel (.xlsx)')
    .setInputFiles({ name: 'produits.csv', mimeType: 'text/csv', buffer: csv(run, false) });
  await dialog.getByRole('button', { name: 'Vérifier' }).click();
  await expect(dialog.getByRole('status')).toContainText('500 lignes vérifiées');
  await dialog.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('500 produits importés.');
  await dialog.getByRole('button', { name: 'Fermer' }).last().click();
  await expect(produits.row(`Import ${run} n°1`).first()).toBeVisible();
  await expect(produits.row(`Import ${run} n°1`).first()).toContainText(/1\s250\sFCFA/);

  // The filtered list to Excel: a workbook arrives.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^produits-\d{4}-\d{2}-\d{2}\.xlsx$/);
});
