import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/constants';
import { openRegisterSession } from './support/caisse';
import { loginAs } from './support/pages';

/**
 * The owner's dashboard: a sale at the POS shows in today's figures, and today's revenue bar opens
 * today's sales; over 30 days, revenue, margin and cash payments click through to their lists,
 * which show the same totals.
 */

const SAVON = '2000000000107'; // Savon de Marseille, 500 FCFA (demo shelf of « Boutique Dakar Plateau »)

const figure = (page: Page, id: string) => page.getByTestId(`figure-${id}`);

test('tableau de bord : une vente à la caisse change les chiffres ; 30 jours mènent aux listes aux mêmes totaux', async ({
  page,
}) => {
  await loginAs(page, DEMO.proprietaire);
  await expect(figure(page, 'ventes')).toBeVisible();
  const before = Number(await figure(page, 'ventes').textContent());

  // A sale at the POS: one soap, paid in cash.
  await page.goto('/pages/ventes');
  await openRegisterSession(page);
  const search = page.getByLabel('Rechercher ou scanner un produit');
  await expect(search).toBeFocused();
  await page.keyboard.type(SAVON, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pos-line')).toHaveCount(1);
  await page.keyboard.press('F8');
  const dialog = page.getByRole('dialog', { name: /Paiement/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Montant reçu')).toBeFocused();
  await page.keyboard.type('500');
  await expect(dialog.getByTestId('pay-reste')).toHaveText(/^\s*0\sFCFA\s*$/);
  await page.keyboard.press('Control+Enter');
  await expect(
    page.getByRole('dialog', { name: /Vente V-\d{4}-C\d{2}-\d{6} enregistrée/ }),
  ).toBeVisible();

  // Back to the dashboard: one more sale today.
  await page.goto('/');
  await expect(figure(page, 'ventes')).toHaveText(String(before + 1));

  // Today's bars in the « par jour » chart: a click on the revenue (the left one) opens today's
  // sales, with today's revenue. The chart answers the bar nearest along the days' axis.
  const today = (await figure(page, 'ca-ttc').textContent())!.trim();
  const parJour = page
    .locator('.card-surface', {
      has: page.getByRole('heading', { name: 'Chiffre d’affaires et marge par jour' }),
    })
    .locator('canvas');
  const box = (await parJour.boundingBox())!;
  await parJour.click({ position: { x: box.width * 0.3, y: box.height * 0.5 } });
  await expect(page).toHaveURL(/\/pages\/ventes-list\?periode=perso&du=(\d{4}-\d{2}-\d{2})&au=\1$/);
  await expect(
    page.getByTestId('ventes-totaux').locator('div', { hasText: 'Total TTC' }).locator('dd'),
  ).toHaveText(today);
  await page.goBack();

  // Last 30 days, then the revenue card opens the sales list of the same days, same total.
  await page.getByRole('button', { name: '30 jours' }).click();
  await expect(page).toHaveURL(/periode=30j/);
  await expect(figure(page, 'ventes')).not.toHaveText(String(before + 1));
  const total = (await figure(page, 'ca-ttc').textContent())!.trim();
  const count = (await figure(page, 'ventes').textContent())!.trim();
  await page.getByTestId('lien-ca-ttc').click();
  await expect(page).toHaveURL(/\/pages\/ventes-list\?periode=perso&du=\d{4}-\d{2}-\d{2}&au=/);
  const totaux = page.getByTestId('ventes-totaux');
  await expect(totaux.locator('div', { hasText: 'Total TTC' }).locator('dd')).toHaveText(total);
  await expect(totaux.locator('div', { hasText: /^Ventes/ }).locator('dd')).toHaveText(count);

  // The gross margin opens the product report of the same days, under the same name.
  await page.goBack();
  const marge = (await figure(page, 'marge').textContent())!.trim();
  await page.getByTestId('lien-marge').click();
  await expect(page).toHaveURL(/\/pages\/rapports\/produits\?periode=perso&du=/);
  const toutes = page.getByTestId('rapport-toutes-ventes');
  await expect(toutes.locator('div', { hasText: 'Marge brute' }).locator('dd')).toHaveText(marge);

  // Cash: the sales list filtered on it, whose « Payé (Espèces) » is the dashboard's amount.
  await page.goBack();
  const especes = page.getByTestId('paiements-modes').locator('li', { hasText: /^Espèces/ });
  const montant = (await especes.locator('span').last().textContent())!.trim();
  await especes.getByRole('link', { name: 'Espèces' }).click();
  await expect(page).toHaveURL(/\/pages\/ventes-list\?.*mode=especes/);
  await expect(
    page.getByTestId('ventes-totaux').locator('div', { hasText: 'Payé (Espèces)' }).locator('dd'),
  ).toHaveText(montant);
});
