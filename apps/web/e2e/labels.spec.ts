import { expect, test } from '@playwright/test';
import { DEMO } from './support/constants';
import { loginAs } from './support/pages';

test('étiquettes : choisir des produits et des quantités, un PDF arrive', async ({ page }) => {
  await loginAs(page, DEMO.gerant);
  await page.goto('/pages/produits');
  const table = page.getByTestId('produits-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const print = page.getByRole('button', { name: 'Imprimer des étiquettes' });
  await expect(print).toBeDisabled();
  const rows = table.locator('tbody tr');
  await rows.nth(0).locator('.p-checkbox').click();
  await rows.nth(1).locator('.p-checkbox').click();
  await print.click();
  const dialog = page.getByRole('dialog', { name: 'Imprimer des étiquettes' });
  await expect(
    dialog.getByRole('list', { name: 'Produits à étiqueter' }).locator('li'),
  ).toHaveCount(2);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Imprimer', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('etiquettes.pdf');
  const path = await file.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
});
