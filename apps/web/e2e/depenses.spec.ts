import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/constants';
import { loginAs } from './support/pages';
import { chooseOption, toast } from './support/prime';

/** A 1 × 1 PNG: the receipt photo the manager takes. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The expense's row in the list, found by searching its label. */
async function openExpense(page: Page, libelle: string) {
  await page.goto('/pages/depenses');
  await page.getByLabel('Rechercher une dépense').fill(libelle);
  const row = page.getByTestId('depenses-table').locator('tbody tr').filter({ hasText: libelle });
  await expect(row).toHaveCount(1);
  const dialog = page.getByRole('dialog', { name: libelle });
  // The list may render again as the search settles: click until the detail opens.
  await expect(async () => {
    await row.getByRole('button', { name: libelle }).click();
    await expect(dialog).toBeVisible({ timeout: 3_000 });
  }).toPass();
  return { row, dialog };
}

test('dépenses : le gérant enregistre une dépense avec une photo et ne peut pas la supprimer ; le propriétaire la modifie et l’historique montre le changement', async ({
  page,
  browser,
}) => {
  const libelle = `Taxi livraison ${Date.now().toString(36)}`;

  // The manager records an expense with a photo of the receipt.
  await loginAs(page, DEMO.gerant);
  await page.goto('/pages/depenses');
  await expect(page.getByRole('heading', { name: 'Dépenses' })).toBeVisible();
  await page.getByRole('button', { name: 'Nouvelle dépense' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle dépense' });
  await chooseOption(page, 'depense-categorie', 'Transport');
  await form.getByLabel('Libellé').fill(libelle);
  await form.getByLabel('Montant').fill('2500');
  await form.getByLabel('Justificatif (facultatif)').setInputFiles({
    name: 'recu.png',
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();

  // Its detail opens: the photo is there; the manager has no way to edit or delete it.
  const detail = page.getByRole('dialog', { name: libelle });
  await expect(detail.getByTestId('justificatif-photo')).toBeVisible();
  await expect(detail).toContainText(/2\s500\sFCFA/);
  await expect(detail).toContainText('Transport');
  await expect(detail).toContainText('Aucune modification.');
  await expect(detail.getByRole('button', { name: 'Supprimer' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Modifier' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: /justificatif/ })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Fermer' }).click();
  const { row } = await openExpense(page, libelle);
  await expect(row).toContainText(/2\s500\sFCFA/);
  await expect(row).toContainText('Photo');

  // The owner edits it: the amount and the category; the history shows before and after.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await loginAs(owner, DEMO.proprietaire);
  const mine = await openExpense(owner, libelle);
  await expect(mine.dialog.getByTestId('justificatif-photo')).toBeVisible();
  await mine.dialog.getByRole('button', { name: 'Modifier' }).click();
  const edit = owner.getByRole('dialog', { name: 'Modifier la dépense' });
  await chooseOption(owner, 'depense-categorie', 'Fournitures');
  await edit.getByLabel('Montant').fill('3000');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(edit).toBeHidden();
  const after = owner.getByRole('dialog', { name: libelle });
  const entry = after.getByTestId('historique-entree');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Modification');
  await expect(entry).toContainText(/Montant : 2\s500\sFCFA → 3\s000\sFCFA/);
  await expect(entry).toContainText('Catégorie : Transport → Fournitures');
  await expect(after.getByRole('button', { name: 'Supprimer' })).toBeVisible();
  await ownerContext.close();

  // The manager sees the change and its history on the expense.
  const seen = await openExpense(page, libelle);
  await expect(seen.row).toContainText(/3\s000\sFCFA/);
  await expect(seen.dialog.getByTestId('historique-entree')).toContainText(
    /Montant : 2\s500\sFCFA → 3\s000\sFCFA/,
  );
  await expect(seen.dialog.getByRole('button', { name: 'Supprimer' })).toHaveCount(0);
  await expect(toast(page, 'Suppression impossible')).toHaveCount(0);
});
