import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { api } from './support/api';
import { ProductsPage } from './support/catalogue-pages';
import { DEMO } from './support/constants';
import { barriere, pageRepond, retenirWorkerExcel } from './support/long-travail';
import { loginAs } from './support/pages';

const N = 3000;

test('export Excel de 3 000 produits : le classeur est écrit hors de la page, qui répond pendant l’export, et compte toutes les lignes', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  // In the shop in euros: these products stay out of the FCFA shop the other specs sell in.
  const shell = await loginAs(page, DEMO.proprietaire);
  await shell.chooseShop('Épicerie Lyon Croix-Rousse');
  const lignes = Array.from({ length: N }, (_, i) => ({
    nom: `Classeur ${run} n°${i + 1}`,
    reference: `CL-${run}-${i + 1}`,
    unite: 'pièce',
    prixAchat: 1000,
    prixVente: 1250 + i,
    tauxTva: 2000,
  }));
  await api(page, 'POST', '/api/services/:shop/produits/import', { lignes });
  const produits = new ProductsPage(page);
  await produits.goto();
  await produits.search(`Classeur ${run}`);
  await expect(produits.row(`Classeur ${run} n°1`).first()).toBeVisible();

  // Every label the button takes, recorded as the page draws it.
  const bouton = page.getByRole('button', { name: /^(Exporter Excel|Export :|Classeur Excel)/ });
  await bouton.evaluate((button) => {
    const seen = [button.textContent ?? ''];
    (window as unknown as { etiquettes: string[] }).etiquettes = seen;
    new MutationObserver(() => {
      const text = button.textContent ?? '';
      if (seen.at(-1) !== text) seen.push(text);
    }).observe(button, { subtree: true, childList: true, characterData: true });
  });

  // The server's CSV held, then the script of the worker that writes the workbook: the export is
  // surely under way while the page is used — no timing involved.
  const csv = barriere();
  await page.route(
    (url) => url.pathname.endsWith('/produits/export.csv'),
    async (route) => {
      const response = await route.fetch();
      await csv.ouverte;
      await route.fulfill({ response });
    },
  );
  const worker = await retenirWorkerExcel(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter Excel' }).click();
  await expect(bouton).toBeDisabled();
  await pageRepond(page, shell);
  csv.ouvrir();
  // The rows are in: the workbook waits for its worker, the page is still used.
  await expect(bouton).toHaveText('Classeur Excel…');
  await expect.poll(worker.demande).toBe(true);
  await pageRepond(page, shell);
  worker.ouvrir();
  const file = await download;
  await expect(page.getByRole('button', { name: 'Exporter Excel' })).toBeEnabled();
  expect(file.suggestedFilename()).toMatch(/^produits-\d{4}-\d{2}-\d{2}\.xlsx$/);

  // A valid workbook: the headers, then every product once, its sale price a number.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0]!;
  expect(sheet.name).toBe('Produits');
  expect(sheet.rowCount).toBe(N + 1);
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const [nom, prix] = [header.indexOf('Nom') + 1, header.indexOf('Prix de vente') + 1];
  expect(nom).toBeGreaterThan(0);
  expect(prix).toBeGreaterThan(0);
  const prixDe = new Map<unknown, unknown>();
  sheet.eachRow((row, r) => {
    if (r > 1) prixDe.set(row.getCell(nom).value, row.getCell(prix).value);
  });
  expect(prixDe.size).toBe(N);
  lignes.forEach((l) => expect(prixDe.get(l.nom)).toBe(l.prixVente / 100));

  // What the button said, in order: the export, the workbook's rows as the worker wrote them,
  // its file, then the button again (some steps may be drawn together, none backwards).
  const etiquettes = await page.evaluate(
    () => (window as unknown as { etiquettes: string[] }).etiquettes,
  );
  const log = etiquettes.join(' | ');
  const rang = (text: string): number => {
    if (text === 'Classeur Excel…') return 0;
    const m = /^Classeur Excel : ([\d\s]+) sur 3\s000$/.exec(text);
    if (m) return Number(m[1]!.replace(/\s/g, ''));
    if (text === 'Classeur Excel : écriture du fichier…') return N;
    throw new Error(`Étiquette inattendue : ${text} (${log})`);
  };
  const classeur = etiquettes.filter((t) => t.startsWith('Classeur'));
  expect(classeur[0], log).toBe('Classeur Excel…');
  classeur.slice(1).forEach((t, i) => expect(rang(t), log).toBeGreaterThan(rang(classeur[i]!)));
  expect(etiquettes.at(-1), log).toBe('Exporter Excel');
});
