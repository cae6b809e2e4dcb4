import { expect, test } from '@playwright/test';
import { openRegisterSession } from './support/caisse';
import { DEMO } from './support/constants';
import { loginAs, searchList } from './support/pages';
import { VenteOnelinePage, amount, stockOf } from './support/ventes-pages';

test('retours : une unité rendue et remboursée en espèces, numéro R-… affiché, le stock du produit remonte de un', async ({
  page,
}) => {
  await loginAs(page, DEMO.proprietaire);

  // A sale of two units, paid in cash into a register with an open session.
  await page.goto('/pages/ventes');
  await openRegisterSession(page);
  const vente = new VenteOnelinePage(page);
  await vente.goto();
  await vente.addProduct('lait concentre', 'Lait concentré sucré');
  await vente.setQuantity(0, '2');
  await expect(vente.total('Total TTC')).toHaveText(amount('1 400 FCFA'));
  await vente.payRestInCash();
  const numero = await vente.save();

  // Found in the sales list, opened.
  await page.goto('/pages/ventes-list');
  const ventes = await searchList(page, 'Rechercher une vente', 'ventes-table', numero);
  const row = ventes.locator('tbody tr').filter({ hasText: numero });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Payée');
  await row.getByRole('link', { name: numero }).click();
  await expect(page.getByRole('heading', { name: `Vente ${numero}` })).toBeVisible();
  const detail = page.url();

  // The product's stock before the return, from the sale's movement.
  await page
    .getByTestId('vente-mouvements')
    .getByRole('link', { name: 'Lait concentré sucré' })
    .click();
  await expect(page.getByRole('heading', { name: 'Lait concentré sucré' })).toBeVisible();
  const before = await stockOf(page);
  const produit = page.url();
  await page.goto(detail);

  // One unit back, refunded in cash.
  await page.getByRole('button', { name: 'Retourner des articles' }).click();
  const dialog = page.getByRole('dialog', { name: /Retourner des articles/ });
  const qty = dialog.getByLabel('Lait concentré sucré');
  await qty.click();
  await qty.pressSequentially('1');
  await qty.press('Tab');
  await expect(dialog.getByTestId('retour-montant')).toHaveText(amount('700 FCFA'));
  await expect(dialog.getByLabel(/Rembourser 700\sFCFA en/)).toHaveValue('Espèces');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  const notice = page.getByTestId('retour-enregistre');
  await expect(notice).toContainText(/Retour R-\d{4}-\d{6} enregistré\. Remboursement effectué\./);
  const retour = /R-\d{4}-\d{6}/.exec((await notice.textContent()) ?? '')![0];
  await expect(page.getByTestId('vente-retours')).toContainText(retour);
  await expect(page.getByTestId('vente-lignes')).toContainText(/1\spce/);
  await expect(page.getByTestId('vente-mouvements').locator('tbody tr')).toHaveCount(2);

  // The stock went back up by one, through the ledger.
  await page.goto(produit);
  await expect(page.getByRole('heading', { name: 'Lait concentré sucré' })).toBeVisible();
  await expect.poll(() => stockOf(page)).toBe(before + 1);
  await expect(page.getByTestId('mouvements-table').locator('tbody tr').first()).toContainText(
    'Retour',
  );
});
