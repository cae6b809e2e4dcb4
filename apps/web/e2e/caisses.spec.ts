import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { DEMO } from './support/constants';
import { loginAs } from './support/pages';
import { chooseOption } from './support/prime';

/**
 * A register's day (docs/regles-metier.md « Caisses et sessions »): the manager opens a register
 * with a float, sells, pays an expense from the drawer, counts the drawer by denomination with a
 * small variance and its reason, prints the Z; the owner sees the session and its variance.
 */
const SAVON = '2000000000107'; // Savon de Marseille, 500 FCFA (demo shelf of « Boutique Dakar Plateau »)
const amount = (text: string) => new RegExp(text.replace(/ /g, '\\s'));

async function typeAmount(page: Page, id: string, value: string) {
  const input = page.locator(`[id="${id}"]`);
  await input.click();
  await input.press('Control+a');
  await input.pressSequentially(value);
}

test('caisse : fond, vente, dépense payée en caisse, comptage par coupures avec écart et motif, Z ; le propriétaire voit l’écart', async ({
  browser,
}) => {
  const nom = `Caisse E2E ${Date.now() % 100000}`;
  const owner = await (await browser.newContext()).newPage();
  await loginAs(owner, DEMO.proprietaire);
  await owner.goto('/pages/caisses');
  await owner.getByLabel('Nom de la nouvelle caisse').fill(nom);
  await owner.getByRole('button', { name: 'Ajouter la caisse' }).click();
  await expect(owner.getByText(nom)).toBeVisible();

  // The manager's device: choose the new register, open it with 10 000 F.
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, DEMO.gerant);
  await page.goto('/pages/ventes');
  const form = page.getByTestId('caisse-ouverture');
  const bar = page.getByTestId('caisse-bar');
  await expect(form.or(bar)).toBeVisible();
  if (await form.isVisible()) await chooseOption(page, 'caisse-choix', nom);
  else {
    await bar.locator('.p-dropdown').click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: nom }).click();
  }
  await expect(form).toBeVisible();
  await typeAmount(page, 'caisse-fond', '10000');
  await form.getByRole('button', { name: 'Ouvrir la caisse' }).click();
  await expect(bar).toContainText(nom);
  await expect(bar).toContainText(amount('fond 10 000 FCFA'));

  // One soap, paid 500 F in cash.
  const search = page.getByLabel('Rechercher ou scanner un produit');
  await expect(search).toBeFocused();
  await page.keyboard.type(SAVON, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pos-line')).toHaveCount(1);
  await page.keyboard.press('F8');
  const pay = page.getByRole('dialog', { name: /Paiement/ });
  await expect(pay.getByLabel('Montant reçu')).toBeFocused();
  await page.keyboard.type('500');
  await page.keyboard.press('Control+Enter');
  const done = page.getByRole('dialog', { name: /Vente V-\d{4}-\d{6} enregistrée/ });
  await expect(done).toBeVisible();
  // The receipt's print is over (the browser's print dialog takes the keyboard meanwhile).
  await expect(page.locator('#receipt-print-root').getByTestId('receipt')).toHaveCount(1);
  await expect(page.locator('html')).not.toHaveClass(/receipt-printing/);
  await page.keyboard.press('Escape');
  await expect(done).toBeHidden();

  // An expense of 1 000 F paid from the drawer.
  await bar.getByRole('button', { name: 'Entrée / sortie' }).click();
  const mvt = page.getByRole('dialog', { name: 'Mouvement de caisse' });
  await mvt.getByText('Dépense payée en caisse').click();
  await typeAmount(page, 'mouvement-montant', '1000');
  await mvt.getByLabel('Motif').fill('Sacs pour la boutique');
  await chooseOption(page, 'mouvement-categorie', 'Fournitures');
  await mvt.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(mvt).toBeHidden();

  // X report: 10 000 + 500 − 1 000 expected in cash.
  await bar.getByRole('button', { name: 'Rapport X' }).click();
  const x = page.getByRole('dialog', { name: /Rapport X/ });
  await expect(x.getByTestId('rapport-mode-especes')).toContainText(amount('9 500 FCFA'));
  await x
    .getByRole('button', { name: 'Close' })
    .or(x.locator('.p-dialog-header-close'))
    .first()
    .click();
  await expect(x).toBeHidden();

  // Counting: 5 000 + 2 × 2 000 + 2 × 200 = 9 400 F, 100 F missing, with its reason.
  await bar.getByRole('button', { name: 'Clôturer la caisse' }).click();
  const close = page.getByRole('dialog', { name: 'Clôturer la caisse' });
  await close.locator('[id="coupure-5000"]').fill('1');
  await close.locator('[id="coupure-2000"]').fill('2');
  await close.locator('[id="coupure-200"]').fill('2');
  await expect(close.getByTestId('cloture-especes-total')).toContainText(amount('9 400 FCFA'));
  await expect(close.getByTestId('cloture-ecart')).toContainText(/[-−]100\sFCFA/);
  await close.getByLabel(/Motif de l’écart/).fill('Erreur de monnaie rendue');
  await close.getByRole('button', { name: 'Clôturer et établir le Z' }).click();
  const z = page.getByRole('dialog', { name: /Caisse clôturée : Z-\d{4}-\d{6}/ });
  await expect(z).toBeVisible();
  await expect(z.getByTestId('rapport-ecart')).toContainText('Erreur de monnaie rendue');
  const numero = (await z.getByRole('heading', { name: /Rapport Z/ }).textContent())!
    .replace('Rapport Z ', '')
    .trim();

  // The Z printed: a PDF answer.
  const download = page.waitForEvent('download');
  await z.getByRole('button', { name: 'Ticket 80 mm' }).click();
  const file = await (await download).path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

  // The owner sees the session, its Z and its variance.
  await owner.reload();
  const row = owner.getByRole('row', { name: new RegExp(nom) }).first();
  await expect(row).toContainText(numero);
  await expect(row).toContainText(/[-−]100\sFCFA/);
  await row.getByRole('button', { name: /Voir le Z/ }).click();
  await expect(owner.getByRole('dialog').getByTestId('rapport-ecart')).toContainText(
    'Erreur de monnaie rendue',
  );
});
