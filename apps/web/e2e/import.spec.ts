import { expect, test } from '@playwright/test';
import { ProductsPage } from './support/catalogue-pages';
import { DEMO } from './support/constants';
import { produitsEnEuros, noterTextes, textesNotes } from './support/long-travail';
import { loginAs } from './support/pages';

const HEADERS =
  "Nom;Référence;Catégorie;Unité;Prix d'achat;Prix de vente;TVA (%);Seuil d'alerte;Stock initial";

/** A French spreadsheet's CSV of `rows` products; when `bad`, row 42 has an unknown unit and row 300 the reference of row 299. */
function csv(run: string, bad: boolean, rows = 500): Buffer {
  const lines = [HEADERS];
  for (let i = 1; i <= rows; i += 1) {
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

test("import de 20 000 lignes : la progression venue du serveur avance avant le résultat ; masqué, l'import continue", async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const { produits } = await produitsEnEuros(page);

  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer des produits' });
  await dialog
    .getByLabel('Fichier CSV ou Excel (.xlsx)')
    .setInputFiles({ name: 'produits.csv', mimeType: 'text/csv', buffer: csv(run, false, 20_000) });
  await expect(dialog).toContainText(/20\s000 lignes de produits/);

  // Every text the progress line shows, in order, recorded as the page draws it.
  await noterTextes(page, 'import-progression');
  await dialog.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText(/20\s000 produits importés\./, {
    timeout: 150_000,
  });
  await expect(dialog.getByRole('progressbar')).toBeHidden();
  const seen = await textesNotes(page);
  const log = seen.join(' | ');
  for (const text of seen)
    expect(text, log).toMatch(
      /^(Envoi du fichier au serveur : \d+\s%|(Contrôle des lignes|Enregistrement des produits) : [\d\s]+ sur 20\s000)$/,
    );
  // The server's counts were shown while it worked: at least two of them, always forward.
  const server = seen.filter((t) => !t.startsWith('Envoi'));
  expect(server.length, log).toBeGreaterThanOrEqual(2);
  // « Contrôle des lignes : 8 000 sur 20 000 » → [1, 8000]; « Envoi … : 40 % » → [0, 40].
  const step = (text: string): [number, number] => [
    text.startsWith('Envoi') ? 0 : text.startsWith('Contrôle') ? 1 : 2,
    Number((/: ([\d\s]+)/.exec(text)?.[1] ?? '').replace(/\s/g, '')),
  ];
  for (let i = 1; i < seen.length; i += 1) {
    const [[stepBefore, before], [stepAfter, after]] = [step(seen[i - 1]!), step(seen[i]!)];
    expect(stepAfter > stepBefore || (stepAfter === stepBefore && after > before), log).toBe(true);
  }
  await dialog.getByRole('button', { name: 'Fermer' }).last().click();
  await produits.search(`Import ${run} n°19999`);
  await expect(produits.row(`Import ${run} n°19999`).first()).toBeVisible();

  // Another import, held on its way to the server: hidden, it goes on while the list is used.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/produits/import', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await dialog
    .getByLabel('Fichier CSV ou Excel (.xlsx)')
    .setInputFiles({ name: 'autres.csv', mimeType: 'text/csv', buffer: csv(`${run}b`, false, 50) });
  await dialog.getByRole('button', { name: 'Importer', exact: true }).click();
  await dialog.getByRole('button', { name: "Masquer (l'import continue)" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Import en cours…' })).toBeVisible();
  await produits.search(`Import ${run} n°19998`);
  await expect(produits.row(`Import ${run} n°19998`).first()).toBeVisible();
  release();
  await expect(page.locator('.p-toast')).toContainText('50 produits importés.');
  await expect(page.getByRole('button', { name: 'Importer', exact: true })).toBeVisible();
});
