import ExcelJS from 'exceljs';
import { expect, test, type Locator } from '@playwright/test';
import { DEMO } from './support/constants';
import { api, key } from './support/api';
import { expectNeverWider, watchWidth } from './support/largeur';
import { loginAs } from './support/pages';
import { chooseOption } from './support/prime';

/**
 * The owner's reports: two products of a new category sold through the API, the product report
 * shows their quantities and revenue, sorts by revenue, exports a real workbook; the stock value of
 * their category is Σ stock × cost; the dashboard fits a 360 px phone without horizontal scroll.
 */

test('rapport produits : quantités et CA des ventes, tri par CA, export Excel, valeur du stock', async ({
  page,
}) => {
  await loginAs(page, DEMO.proprietaire);
  await page.goto('/pages/rapports/produits');
  await expect(page.getByRole('heading', { name: 'Rapports' })).toBeVisible();
  await api(page, 'GET', '/api/auth/xsrf').catch(() => undefined);

  // Set-up through the API: a category, two products, one sale of both.
  const run = Date.now().toString(36);
  const unite = (await api<{ items: Array<{ id: number }> }>(page, 'GET', '/api/unites')).items[0]!;
  const type = (await api<{ items: Array<{ id: number }> }>(page, 'GET', '/api/types-ventes'))
    .items[0]!;
  const categorie = await api<{ id: number }>(page, 'POST', '/api/services/:shop/categories', {
    nom: `Rapport ${run}`,
  });
  const produit = (nom: string, prixVente: number, prixAchat: number, stockInitial: number) =>
    api<{ id: number }>(page, 'POST', '/api/services/:shop/produits', {
      nom,
      uniteId: unite.id,
      categorieId: categorie.id,
      prixVente,
      prixAchat,
      tauxTva: 0,
      stockInitial,
    });
  const bissap = await produit(`Bissap ${run}`, 3000, 1000, 20_000);
  const gingembre = await produit(`Gingembre ${run}`, 1000, 400, 50_000);
  await api(page, 'POST', '/api/services/:shop/ventes', {
    cleIdempotence: key(),
    typeVenteId: type.id,
    lignes: [
      { produitId: bissap.id, quantite: 2000 },
      { produitId: gingembre.id, quantite: 5000 },
    ],
    paiements: [{ mode: 'especes', montant: 11_000 }],
  });

  // The report of this month, searched on the run's products.
  await page.goto(`/pages/rapports/produits?q=${run}`);
  const table = page.getByTestId('rapport-produits-table');
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const row = (nom: string) => rows.filter({ hasText: nom });
  await expect(row(`Bissap ${run}`)).toContainText(/6\s000\sFCFA/);
  await expect(row(`Bissap ${run}`).getByRole('cell').nth(1)).toHaveText(/^2\b/);
  await expect(row(`Gingembre ${run}`)).toContainText(/5\s000\sFCFA/);
  await expect(row(`Gingembre ${run}`).getByRole('cell').nth(1)).toHaveText(/^5\b/);
  await expect(table.locator('tfoot')).toContainText(/11\s000\sFCFA/);

  // Sorting by revenue: ascending, then descending.
  const names = async () =>
    (await rows.locator('td:first-child > div:first-child').allTextContents()).map((t) => t.trim());
  await table.getByRole('columnheader', { name: 'CA TTC' }).click();
  await expect(page).toHaveURL(/sort=caTtc%2Casc|sort=caTtc,asc/);
  await expect.poll(names).toEqual([`Gingembre ${run}`, `Bissap ${run}`]);
  await table.getByRole('columnheader', { name: 'CA TTC' }).click();
  await expect(page).toHaveURL(/sort=caTtc%2Cdesc|sort=caTtc,desc/);
  await expect.poll(names).toEqual([`Bissap ${run}`, `Gingembre ${run}`]);

  // The Excel export: a real workbook, read back.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^rapport-produits-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const col = (name: string) => header.indexOf(name) + 1;
  expect(col('CA TTC')).toBeGreaterThan(0);
  const lines = [2, 3].map((r) => sheet.getRow(r));
  expect(lines.map((l) => [l.getCell(1).value, l.getCell(col('CA TTC')).value])).toEqual([
    [`Bissap ${run}`, 6000],
    [`Gingembre ${run}`, 5000],
  ]);
  expect(lines.map((l) => l.getCell(col('Quantité vendue')).value)).toEqual([2, 5]);
  expect(sheet.rowCount).toBe(3);

  // Stock value of their category: (20 − 2) × 1 000 + (50 − 5) × 400 = 36 000 FCFA.
  await page.getByRole('tab', { name: 'Valeur du stock' }).click();
  await expect(page).toHaveURL(/onglet=stock/);
  const valeur = page
    .getByTestId('valorisation-table')
    .getByRole('row', { name: `Rapport ${run}` });
  await expect(valeur).toContainText(/36\s000\sFCFA/);
  await expect(valeur.getByRole('cell').nth(1)).toHaveText('2');

  // Movements of the month: the sale's two lines among the sales' movements.
  await page.getByRole('tab', { name: 'Mouvements de stock' }).click();
  await expect(
    page.getByTestId('mouvements-table').getByRole('row', { name: /Vente/ }),
  ).toBeVisible();
});

test('rapport produits : filtres vendeur et type de vente à l’écran, gardés dans l’adresse', async ({
  page,
}) => {
  await loginAs(page, DEMO.proprietaire);
  await page.goto('/pages/rapports/produits');
  await expect(page.getByRole('heading', { name: 'Rapports' })).toBeVisible();
  await api(page, 'GET', '/api/auth/xsrf').catch(() => undefined);

  // Two products, each sold by the owner under its own sale type.
  const run = Date.now().toString(36);
  const unite = (await api<{ items: Array<{ id: number }> }>(page, 'GET', '/api/unites')).items[0]!;
  const types = (
    await api<{ items: Array<{ id: number; nom: string }> }>(page, 'GET', '/api/types-ventes')
  ).items;
  const [detail, autre] = [types[0]!, types[1]!];
  for (const [nom, type] of [
    [`Mangue ${run}`, detail],
    [`Papaye ${run}`, autre],
  ] as const) {
    const p = await api<{ id: number }>(page, 'POST', '/api/services/:shop/produits', {
      nom,
      uniteId: unite.id,
      prixVente: 500,
      prixAchat: 200,
      tauxTva: 0,
      stockInitial: 10_000,
    });
    await api(page, 'POST', '/api/services/:shop/ventes', {
      cleIdempotence: key(),
      typeVenteId: type.id,
      lignes: [{ produitId: p.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 500 }],
    });
  }

  await page.goto(`/pages/rapports/produits?q=${run}`);
  const rows = page.getByTestId('rapport-produits-table').locator('tbody tr');
  await expect(rows).toHaveCount(2);

  // The second sale type: only the papaya; the choice is kept in the address.
  await chooseOption(page, 'rapport-type-vente', autre.nom);
  await expect(page).toHaveURL(new RegExp(`typeVenteId=${autre.id}`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Papaye ${run}`);

  // The manager sold none of them; the owner sold the papaya under that type.
  await chooseOption(page, 'rapport-vendeur', 'Fatou Sow');
  await expect(page).toHaveURL(/vendeurId=\d+/);
  await expect(page.getByTestId('rapport-produits-table')).toContainText(
    'Aucun produit vendu ni retourné sur la période',
  );
  await chooseOption(page, 'rapport-vendeur', 'Moussa Ndiaye');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Papaye ${run}`);

  // Reloaded from its address, the screen shows the same filters and rows.
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(
    page.locator('.p-dropdown', { has: page.locator('[id="rapport-type-vente"]') }),
  ).toContainText(autre.nom);
});

test('tableau de bord à 360 px : chaque carte visible, aucun défilement horizontal', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await watchWidth(page);
  await loginAs(page, DEMO.proprietaire);
  await expect(page.getByTestId('figure-ca-ttc')).toBeVisible();
  await expect(page.getByTestId('dashboard-charts')).toBeVisible();
  await expect(page.getByTestId('dashboard-charts').locator('canvas').first()).toBeVisible();
  const boxes = await page.locator('main .card-surface').evaluateAll((cards) =>
    cards.map((c) => {
      const r = c.getBoundingClientRect();
      return { left: r.left, right: r.right, width: r.width };
    }),
  );
  expect(boxes.length).toBeGreaterThanOrEqual(12);
  for (const b of boxes) {
    expect(b.width).toBeGreaterThan(0);
    expect(b.left).toBeGreaterThanOrEqual(0);
    expect(b.right).toBeLessThanOrEqual(360);
  }
  const width = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(width.scroll).toBeLessThanOrEqual(width.client);
  // Nor at any moment while the charts were drawn.
  await expectNeverWider(page);
});

test('rapports à 360 px : produits, valeur du stock et mouvements sans défilement horizontal, les montants visibles', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await loginAs(page, DEMO.proprietaire);
  const noSideways = async () => {
    const w = await page.evaluate(() => {
      const client = document.documentElement.clientWidth;
      // What sticks out, named in the failure: tag, classes and test id of each element.
      const out = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((e) => e.getBoundingClientRect().right > client + 0.5)
        .slice(-5)
        .map(
          (e) =>
            `${e.tagName}.${e.className} ${e.dataset['testid'] ?? ''} ${Math.round(e.getBoundingClientRect().right)}`,
        );
      return { scroll: document.documentElement.scrollWidth, client, out };
    });
    expect(w.scroll, w.out.join(' | ')).toBeLessThanOrEqual(w.client);
  };
  const inside = async (locator: Locator) => {
    await locator.scrollIntoViewIfNeeded();
    const box = await locator.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  };
  // This month's products: each card shows its revenue; the totals above; the chart below, which
  // never pushed the page sideways while it was drawn.
  await watchWidth(page);
  await page.goto('/pages/rapports/produits');
  const cards = page.getByTestId('rapport-produits-cards').getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByTestId('top-produits-chart').locator('canvas')).toBeVisible();
  await noSideways();
  await expectNeverWider(page);
  for (let i = 0; i < Math.min(await cards.count(), 8); i++) {
    const amount = cards.nth(i).locator('.card-list-amount');
    await expect(amount).toHaveText(/^\d[\d\s]*\sFCFA$/);
    await inside(amount);
  }
  await inside(page.getByTestId('rapport-produits-totaux').getByText(/FCFA/).first());
  // The stock value: the total visible.
  await page.goto('/pages/rapports/produits?onglet=stock');
  await expect(page.getByTestId('valorisation-total')).toHaveText(/FCFA/);
  await inside(page.getByTestId('valorisation-total'));
  await noSideways();
  // The movements of the month, one card per nature.
  await page.goto('/pages/rapports/produits?onglet=mouvements');
  const mouvements = page.getByTestId('mouvements-cards').getByRole('listitem');
  await expect(mouvements.first()).toBeVisible();
  await inside(mouvements.first().locator('.card-list-amount'));
  await noSideways();
});
