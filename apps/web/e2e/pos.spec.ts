import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/constants';
import { openRegisterSession, receiptPrinted } from './support/caisse';
import { loginAs } from './support/pages';

/**
 * Barcodes of the demo shelf of « Boutique Dakar Plateau » (apps/api/src/demo/catalogue.ts):
 * Nutella carries its real EAN, the others in-store codes inStoreEan13(0, n), n = rank on the shelf.
 */
const NUTELLA = '3017620422003'; // 2 750 FCFA
const CAFE = '2000000000022'; // Café moulu Touba 250 g, 1 250 FCFA
const EAU = '2000000000077'; // Eau minérale 1,5 L, 400 FCFA
const SAVON = '2000000000107'; // Savon de Marseille, 500 FCFA

const search = (page: Page) => page.getByLabel('Rechercher ou scanner un produit');
const lines = (page: Page) => page.getByTestId('pos-line');
const total = (page: Page) => page.getByTestId('pos-total');
const amount = (text: string) => new RegExp(text.replace(/ /g, '\\s'));

/** A scanner: the digits typed quickly, then Enter, in the field that has the focus. */
async function scan(page: Page, code: string) {
  await expect(search(page)).toBeFocused();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

async function openPos(page: Page) {
  await loginAs(page, DEMO.gerant);
  await page.goto('/pages/ventes');
  await openRegisterSession(page);
  await expect(search(page)).toBeFocused();
}

async function typeAmount(page: Page, id: string, value: string) {
  const input = page.locator(`[id="${id}"]`);
  await input.click();
  await input.press('Control+a');
  await input.pressSequentially(value);
}

test('caisse : trois produits scannés, quantité changée au clavier, paiement en espèces avec monnaie et en mobile money, ticket V-…', async ({
  page,
}) => {
  await openPos(page);
  await scan(page, NUTELLA);
  await scan(page, CAFE);
  await scan(page, EAU);
  await expect(lines(page)).toHaveCount(3);
  await expect(total(page)).toHaveText(amount('4 400 FCFA'));

  // A second scan of the same product adds to its line.
  await scan(page, EAU);
  await expect(lines(page)).toHaveCount(3);
  await expect(total(page)).toHaveText(amount('4 800 FCFA'));

  // F4: quantity of the last line, typed; Enter gives the keyboard back to the search field.
  await page.keyboard.press('F4');
  const qty = lines(page)
    .filter({ hasText: 'Eau minérale' })
    .getByLabel("Quantité d'Eau minérale 1,5 L");
  await expect(qty).toBeFocused();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(search(page)).toBeFocused();
  await expect(total(page)).toHaveText(amount('5 200 FCFA'));

  // F8: payment. 2 000 by Wave, the rest in cash: 5 000 handed over, 1 800 back.
  await page.keyboard.press('F8');
  const dialog = page.getByRole('dialog', { name: /Paiement/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Mobile money' }).click();
  const mobile = dialog.getByRole('group', { name: /Mobile money/ });
  const mobileAmount = await mobile.getByLabel('Montant').getAttribute('id');
  await typeAmount(page, mobileAmount!, '2000');
  await mobile.getByLabel('Opérateur').fill('Wave');
  await mobile.getByLabel('Référence').fill('TX-E2E-42');
  const cash = dialog.getByRole('group', { name: /Espèces/ });
  await typeAmount(page, (await cash.getByLabel('Montant reçu').getAttribute('id'))!, '5000');
  await expect(dialog.getByTestId('pay-rendu')).toHaveText(amount('1 800 FCFA'));
  await expect(dialog.getByTestId('pay-reste')).toHaveText(amount('0 FCFA'));
  await page.keyboard.press('Control+Enter');

  // The sale is recorded: its receipt, with the number, the payments and the change.
  const done = page.getByRole('dialog', { name: /Vente V-\d{4}-C\d{2}-\d{6} enregistrée/ });
  await expect(done).toBeVisible();
  const receipt = done.getByTestId('receipt');
  await expect(receipt).toContainText(/V-\d{4}-C\d{2}-\d{6}/);
  await expect(receipt).toContainText('Nutella 400 g');
  await expect(receipt).toContainText(/3 pce × 400\sFCFA/);
  await expect(receipt).toContainText(/Mobile money \(Wave, réf\. TX-E2E-42\)\s*2\s000\sFCFA/);
  await expect(receipt).toContainText(/Monnaie rendue\s*1\s800\sFCFA/);
  await expect(receipt.getByRole('img', { name: /Code-barres V-/ })).toBeVisible();

  // Validating printed it once (recorded by the server): the preview is that original, the next
  // print is a duplicate.
  await expect(done.getByRole('button', { name: 'Réimprimer' })).toBeVisible();
  await expect(receipt).not.toContainText('DUPLICATA');
  await done.getByRole('button', { name: 'Réimprimer' }).click();
  await expect(receipt).toContainText('DUPLICATA');
  // The PDF of the receipt.
  const download = page.waitForEvent('download');
  await done.getByRole('button', { name: 'Télécharger le PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^ticket-V-\d{4}-C\d{2}-\d{6}\.pdf$/);

  // F6, once the duplicate is printed: a new, empty sale.
  await expect(page.locator('#receipt-print-root')).toContainText('DUPLICATA');
  await receiptPrinted(page, done);
  await page.keyboard.press('F6');
  await expect(done).toBeHidden();
  await expect(lines(page)).toHaveCount(0);
  await expect(search(page)).toBeFocused();
});

test('caisse : la vente en cours survit à un rechargement de la page', async ({ page }) => {
  await openPos(page);
  await scan(page, SAVON);
  await scan(page, SAVON);
  await scan(page, NUTELLA);
  await expect(total(page)).toHaveText(amount('3 750 FCFA'));
  await page.reload();
  await expect(lines(page)).toHaveCount(2);
  await expect(lines(page).first()).toContainText('Savon de Marseille');
  await expect(total(page)).toHaveText(amount('3 750 FCFA'));
  await expect(search(page)).toBeFocused();
});

test('caisse sur un téléphone (360 px) : scanner, voir le total et payer sans défilement horizontal', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openPos(page);
  await scan(page, CAFE);
  await scan(page, EAU);
  await expect(total(page)).toBeInViewport();
  await expect(total(page)).toHaveText(amount('1 650 FCFA'));
  const noHorizontalScroll = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    );
  expect(await noHorizontalScroll()).toBe(true);

  await page.getByRole('button', { name: /Payer \(F8\)/ }).click();
  const dialog = page.getByRole('dialog', { name: /Paiement/ });
  await expect(dialog).toBeVisible();
  // Full width once PrimeReact's opening zoom is over (the box grows during the animation).
  await expect
    .poll(async () => (await dialog.boundingBox())?.width ?? 0)
    .toBeGreaterThanOrEqual(355);
  await typeAmount(page, (await dialog.getByLabel('Montant reçu').getAttribute('id'))!, '2000');
  await expect(dialog.getByTestId('pay-rendu')).toHaveText(amount('350 FCFA'));
  await dialog.getByRole('button', { name: /Valider la vente/ }).click();
  await expect(
    page.getByRole('dialog', { name: /Vente V-\d{4}-C\d{2}-\d{6} enregistrée/ }),
  ).toBeVisible();
  expect(await noHorizontalScroll()).toBe(true);
});

test('caisse : une vente entière au clavier seul (scan, recherche par nom, quantité, paiement, nouvelle vente)', async ({
  page,
}) => {
  await openPos(page);
  await scan(page, CAFE);
  // Typed text lists the matches; ↓ then Enter adds the highlighted one.
  await page.keyboard.type('savon');
  const suggestions = page.getByRole('listbox', { name: 'Produits correspondants' });
  await expect(suggestions).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(lines(page)).toHaveCount(2);
  await expect(lines(page).last()).toContainText('Savon de Marseille');
  await expect(search(page)).toBeFocused();
  // F4 then a quantity: 2 soaps.
  await page.keyboard.press('F4');
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await expect(total(page)).toHaveText(amount('2 250 FCFA'));
  // F9 opens the payment with the focus on the cash handed over; Ctrl+Entrée validates.
  await page.keyboard.press('F9');
  const dialog = page.getByRole('dialog', { name: /Paiement/ });
  await expect(dialog.getByLabel('Montant reçu')).toBeFocused();
  await page.keyboard.type('3000');
  await expect(dialog.getByTestId('pay-rendu')).toHaveText(amount('750 FCFA'));
  await page.keyboard.press('Control+Enter');
  const done = page.getByRole('dialog', { name: /Vente V-\d{4}-C\d{2}-\d{6} enregistrée/ });
  await expect(done).toBeVisible();
  await expect(done.getByTestId('receipt')).toContainText(/Monnaie rendue\s*750\sFCFA/);
  await expect(done.getByRole('button', { name: 'Réimprimer' })).toBeFocused();
  await receiptPrinted(page, done);
  await page.keyboard.press('F6');
  await expect(done).toBeHidden();
  await expect(lines(page)).toHaveCount(0);
  // Échap empties the search field without touching the (empty) cart; F2 brings the focus back.
  await page.keyboard.type('riz');
  await page.keyboard.press('Escape');
  await expect(search(page)).toHaveValue('');
  await page.keyboard.press('F2');
  await expect(search(page)).toBeFocused();
});

test('caisse : client créé sur place, vente à crédit partielle avec échéance, client retrouvé par son téléphone', async ({
  page,
}) => {
  await openPos(page);
  await scan(page, SAVON);
  await scan(page, SAVON);
  await expect(total(page)).toHaveText(amount('1 000 FCFA'));

  // A new customer, created from the cart with a name and a phone.
  const nom = `Client caisse ${Date.now() % 100000}`;
  const local = `77${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  await page
    .getByRole('complementary', { name: 'Vente en cours' })
    .getByRole('button', { name: 'Nouveau client' })
    .click();
  const form = page.getByRole('form', { name: 'Nouveau client' });
  await form.getByLabel('Nom').fill(nom);
  await form.getByLabel('Téléphone').fill(local);
  await form.getByRole('button', { name: 'Créer le client' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: 'Retirer le client' }).first()).toBeVisible();

  // 400 in cash, the rest (600) on credit with the default due date.
  await page.keyboard.press('F8');
  const dialog = page.getByRole('dialog', { name: /Paiement/ });
  await expect(dialog.getByLabel('Montant reçu')).toBeFocused();
  await page.keyboard.type('400');
  await expect(dialog.getByTestId('pay-reste')).toHaveText(amount('600 FCFA'));
  await expect(dialog.getByLabel(/Échéance du reste/)).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await page.keyboard.press('Control+Enter');
  const done = page.getByRole('dialog', { name: /Vente V-\d{4}-C\d{2}-\d{6} enregistrée/ });
  const receipt = done.getByTestId('receipt');
  await expect(receipt).toContainText(nom);
  await expect(receipt).toContainText(/Reste à payer\s*600\sFCFA/);
  await expect(receipt).toContainText(/Échéance\s*\d{2}\/\d{2}\/\d{4}/);
  // The receipt printed at validation, then F6.
  await expect(done.getByRole('button', { name: 'Réimprimer' })).toBeFocused();
  await receiptPrinted(page, done);
  await page.keyboard.press('F6');
  await expect(done).toBeHidden();

  // The next sale finds the customer by phone number.
  const picker = page
    .getByRole('complementary', { name: 'Vente en cours' })
    .getByLabel('Client (nom ou téléphone)');
  await picker.click();
  await picker.pressSequentially(local);
  // The list settles on the answer for the whole number: that customer only (the options of the
  // suggestion list: the session bar's register picker has options too, once a shop has two).
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(1);
  await expect(options).toContainText(nom);
  await options.click();
  await expect(page.getByRole('button', { name: 'Retirer le client' }).first()).toBeVisible();
  await expect(picker).toHaveValue(new RegExp(nom));
});

test('caisse : Entrée pendant que les correspondances du texte tapé arrivent ajoute la première de ce texte, pas celle du texte précédent', async ({
  page,
}) => {
  await openPos(page);
  // « huile » listed by the server, then « savon » typed while the server's answer is held back
  // (the real answer, only delayed): the list still shows the oils when Enter is pressed.
  const suggestions = page.getByRole('listbox', { name: 'Produits correspondants' });
  await search(page).fill('huile');
  await expect(suggestions.getByRole('option').first()).toContainText(/Huile/);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const isSavonList = (url: URL) =>
    url.pathname.endsWith('/produits') &&
    url.searchParams.get('q') === 'savon' &&
    url.searchParams.get('size') === '8';
  await page.route(
    (url) => isSavonList(url),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const asked = page.waitForRequest((r) => isSavonList(new URL(r.url())));
  await search(page).fill('savon');
  await asked;
  await expect(suggestions).toHaveAttribute('aria-busy', 'true');
  await expect(suggestions.getByRole('option').first()).toContainText(/Huile/);
  await page.keyboard.press('Enter');
  await expect(lines(page)).toHaveCount(1);
  await expect(lines(page)).toContainText('Savon de Marseille');
  release();
});
