import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/constants';
import { expectNeverWider, watchWidth } from './support/largeur';
import { loginAs } from './support/pages';

/**
 * An inventory counted by two people at once: the owner opens it on the « Boissons » shelf, the
 * manager (on a 360 px phone) and the owner scan the same product on their own pages at the same
 * time, the counts add up, the manager reads them on the product's card without scrolling sideways,
 * the owner validates, and the stock is corrected to what was counted.
 */

const NESCAFE = '2000000000091'; // Nescafé Classic 100 g (demo shelf of « Boutique Dakar Plateau »)

async function scan(page: Page, times: number): Promise<void> {
  const box = page.getByLabel('Code-barres scanné');
  for (let i = 0; i < times; i++) {
    await box.fill(NESCAFE);
    await box.press('Enter');
    await expect(box).toHaveValue('');
  }
}

test('inventaire : deux compteurs scannent en même temps, la validation corrige le stock', async ({
  page,
  browser,
}) => {
  await loginAs(page, DEMO.proprietaire);
  await page.goto('/pages/rapports/inventaires');
  await page.locator('.p-multiselect', { hasText: 'Toute la boutique' }).click();
  const panel = page.locator('.p-multiselect-panel');
  await panel.getByRole('option', { name: 'Boissons', exact: true }).click();
  await panel.locator('.p-multiselect-close').click();
  await page.getByRole('button', { name: 'Ouvrir un inventaire' }).click();
  await expect(page.getByRole('heading', { name: /Inventaire n° \d+ — En cours/ })).toBeVisible();
  await expect(page.getByTestId('inventaire-resume')).toContainText('0 / 3 produits comptés');

  const other = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const manager = await other.newPage();
  await watchWidth(manager);
  await loginAs(manager, DEMO.gerant);
  await manager.goto('/pages/rapports/inventaires');
  await expect(
    manager.getByRole('heading', { name: /Inventaire n° \d+ — En cours/ }),
  ).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Valider l’inventaire' })).toHaveCount(0);

  await Promise.all([scan(manager, 3), scan(page, 2)]);

  const row = page.getByRole('row', { name: /Nescafé Classic 100 g/ });
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole('cell').nth(2)).toHaveText('5', { timeout: 5_000 });
  }).toPass();
  await expect(page.getByTestId('inventaire-resume')).toContainText('1 / 3 produits comptés');
  // The Excel export (components/ExcelExport): every line of the session, named by its number.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter Excel' }).click();
  const file = await download;
  const numero = /Inventaire n° (\d+)/.exec(
    (await page.getByRole('heading', { name: /Inventaire n° \d+/ }).textContent()) ?? '',
  )?.[1];
  expect(file.suggestedFilename()).toBe(`inventaire-${numero}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0]!;
  expect(sheet.name).toBe('Inventaire');
  expect(sheet.rowCount).toBe(4);
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const nescafe = sheet.getRows(2, 3)!.find((r) => r.getCell(1).value === 'Nescafé Classic 100 g');
  expect(nescafe?.getCell(header.indexOf('Quantité comptée') + 1).value).toBe('5');
  // The manager's phone: each product a card, the count and its difference readable.
  await manager.reload();
  const card = manager
    .getByTestId('inventaire-lignes')
    .getByRole('listitem')
    .filter({ hasText: 'Nescafé Classic 100 g' });
  await expect(card).toContainText('Compté 5');
  await expect(card.getByLabel('Quantité comptée de Nescafé Classic 100 g')).toBeVisible();
  await expectNeverWider(manager);

  await page.getByRole('button', { name: 'Valider l’inventaire' }).click();
  await page.getByRole('button', { name: 'Valider', exact: true }).click();
  await expect(page.getByText('Inventaire validé : stock corrigé')).toBeVisible();
  await expect(page.getByRole('row', { name: /Validé/ })).toBeVisible();

  const stock = await page.evaluate(async () => {
    const token = localStorage.getItem('token');
    const shop = (JSON.parse(localStorage.getItem('service')!) as { id: number }).id;
    const r = await fetch(`/api/services/${shop}/produits?q=nescafe`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await r.json()) as { items: Array<{ quantite: number }> }).items[0]!.quantite;
  });
  expect(stock).toBe(5_000);
  await other.close();
});
