import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openRegisterSession } from './support/caisse';
import { DEMO } from './support/constants';
import { loginAs, openFromList } from './support/pages';
import { toast, typeDay } from './support/prime';
import { VenteOnelinePage } from './support/ventes-pages';

/** The files embedded in a PDF, listed by poppler's pdfdetach (not our code), and one of them. */
function embedded(pdf: Buffer): { names: string; xml: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-facture-'));
  const file = path.join(dir, 'facture.pdf');
  writeFileSync(file, pdf);
  const names = execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' });
  execFileSync('pdfdetach', ['-savefile', 'factur-x.xml', '-o', path.join(dir, 'x.xml'), file]);
  const xml = execFileSync('cat', [path.join(dir, 'x.xml')], { encoding: 'utf8' });
  return { names, xml };
}

/** The owner signed in, in the shop in euros (Factur-X). */
async function ownerInLyon(page: Page) {
  const shell = await loginAs(page, DEMO.proprietaire);
  await shell.chooseShop('Épicerie Lyon Croix-Rousse');
}

test('factures : une vente à crédit facturée depuis son détail, « Impayée », PDF Factur-X, dette réglée → « Payée », avoir d’une ligne, avoir d’une ligne retournée (retour, stock), la liste montre tout', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const nom = `Client facture ${run}`;
  const telephone = `06${String(Date.now() % 100_000_000).padStart(8, '0')}`;

  await ownerInLyon(page);

  // A sale on credit of two lines to a new customer.
  const vente = new VenteOnelinePage(page);
  await vente.goto();
  await vente.newClient(nom, telephone);
  await vente.addProduct('creme fraiche', 'Crème fraîche 20 cl');
  await vente.setQuantity(0, '2');
  await vente.addProduct('lait concentre', 'Lait concentré sucré');
  const echeance = new Date(Date.now() + 30 * 86_400_000);
  await typeDay(
    page,
    'vente-echeance',
    echeance.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' }),
  );
  const numero = await vente.save();

  // Invoiced from its detail in the sales list.
  await page.goto('/pages/ventes-list');
  await openFromList(page, 'Rechercher une vente', 'ventes-table', numero);
  await expect(page.getByRole('heading', { name: `Vente ${numero}` })).toBeVisible();
  await page.getByRole('button', { name: 'Facturer' }).click();
  await expect(toast(page, 'Facture émise')).toBeVisible();
  const heading = page.getByRole('heading', { name: /^Facture F-\d{4}-\d{6}$/ });
  await expect(heading).toBeVisible();
  const facture = /F-\d{4}-\d{6}/.exec((await heading.textContent()) ?? '')![0];
  await expect(page.getByRole('main')).toContainText('Impayée');
  await expect(page.getByRole('main')).toContainText(numero);
  const url = page.url();

  // Its PDF, as the API serves it: a PDF with factur-x.xml embedded, naming the invoice.
  const served = page.waitForResponse((r) => r.url().endsWith('/facture.pdf'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF', exact: true }).click();
  const response = await served;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  // The browser keeps the bytes it saved: the same URL fetched again with the session's token.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const again = await page.request.get(response.url(), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(again.headers()['content-type']).toBe('application/pdf');
  const bytes = await again.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { names, xml } = embedded(bytes);
  expect(names).toContain('factur-x.xml');
  expect(xml).toContain(`<ram:ID>${facture}</ram:ID>`);
  expect(xml).toContain(nom);
  expect((await download).suggestedFilename()).toBe(`facture-${facture}.pdf`);

  // The customer pays the whole debt into a register with an open session: the invoice is « Payée ».
  await page.goto('/pages/ventes');
  await openRegisterSession(page);
  await page.goto('/pages/dettes');
  await openFromList(page, 'Rechercher un client', 'dettes-table', nom);
  await page.getByRole('button', { name: 'Enregistrer un règlement' }).click();
  const reglement = page.getByRole('dialog', { name: 'Enregistrer un règlement' });
  await reglement.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Règlement enregistré')).toBeVisible();
  await page.goto(url);
  await expect(page.getByRole('main')).toContainText('Payée');

  // A credit note for one line (one unit of the cream).
  await page.getByRole('button', { name: 'Créer un avoir' }).click();
  const dialog = page.getByRole('dialog', { name: `Avoir sur la facture ${facture}` });
  const qty = dialog.getByLabel('Crème fraîche 20 cl');
  await qty.click();
  await qty.pressSequentially('1');
  await qty.press('Tab');
  await dialog.getByLabel('Motif').fill('Pot abîmé');
  await dialog.getByRole('button', { name: 'Créer l’avoir' }).click();
  await expect(toast(page, 'Avoir créé')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/Avoir AV-\d{4}-\d{6} créé\./);
  await expect(page.getByRole('region', { name: 'Avoirs' })).toContainText(/AV-\d{4}-\d{6}/);

  // A credit note for the other line with the goods coming back: the milk is returned, its amount
  // credited to the customer's account (the dialog's default once « retour » is ticked).
  await page.getByRole('button', { name: 'Créer un avoir' }).click();
  const avecRetour = page.getByRole('dialog', { name: `Avoir sur la facture ${facture}` });
  const lait = avecRetour.getByLabel('Lait concentré sucré');
  await lait.click();
  await lait.pressSequentially('1');
  await lait.press('Tab');
  await avecRetour.getByLabel('La marchandise revient en stock (retour)').check();
  await expect(avecRetour.getByText('Avoir sur le compte client')).toBeVisible();
  await avecRetour.getByLabel('Motif').fill('Boîte rapportée');
  await avecRetour.getByRole('button', { name: 'Créer l’avoir' }).click();
  await expect(avecRetour).toBeHidden();
  await expect(page.getByRole('main')).toContainText(
    /Avoir AV-\d{4}-\d{6} créé\. La marchandise est revenue en stock\./,
  );
  await expect(page.getByRole('region', { name: 'Avoirs' }).locator('li')).toHaveCount(2);

  // The return exists on the sale, and its movement put one milk back in stock.
  await page.getByRole('main').getByRole('link', { name: numero, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Vente ${numero}` })).toBeVisible();
  const retours = page.getByTestId('vente-retours').locator('tbody tr');
  await expect(retours).toHaveCount(1);
  await expect(retours).toContainText(/R-\d{4}-\d{6}/);
  const retour = /R-\d{4}-\d{6}/.exec((await retours.textContent()) ?? '')![0];
  const rendu = page
    .getByTestId('vente-mouvements')
    .locator('tbody tr')
    .filter({ hasText: /^Retour/ });
  await expect(rendu).toHaveCount(1);
  await expect(rendu).toContainText('Lait concentré sucré');
  await expect(rendu).toContainText(/\+1\spce/);
  await rendu.getByRole('link', { name: 'Lait concentré sucré' }).click();
  await expect(page.getByRole('heading', { name: 'Lait concentré sucré' })).toBeVisible();
  await expect(
    page
      .getByTestId('mouvements-table')
      .locator('tbody tr')
      .filter({ hasText: `Retour ${retour}` }),
  ).toContainText(/\+1\spce/);

  // The invoice list shows it paid and partly credited.
  await page.goto('/pages/factures');
  await page.getByLabel('Rechercher une facture').fill(nom);
  const line = page.getByTestId('factures-table').locator('tbody tr').filter({ hasText: facture });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Payée');
  await expect(line).toContainText('Partiellement créditée');
  await expect(line).toContainText(nom);
});

test('factures : une vente au comptant sans client se facture à l’acheteur créé sur place, avec son adresse de facturation', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const nom = `Passant ${run}`;
  const adresse = `${run} rue Royale, 69001 Lyon`;
  await ownerInLyon(page);

  // A cash sale at the back office, without customer, into a register with an open session.
  await page.goto('/pages/ventes');
  await openRegisterSession(page);
  const vente = new VenteOnelinePage(page);
  await vente.goto();
  await vente.addProduct('creme fraiche', 'Crème fraîche 20 cl');
  await vente.payRestInCash('0,00 €');
  const numero = await vente.save();

  // « Facturer » asks for the buyer: created on the spot, then the billing address is required.
  await page.goto('/pages/ventes-list');
  await openFromList(page, 'Rechercher une vente', 'ventes-table', numero);
  await page.getByRole('button', { name: 'Facturer' }).click();
  const dialog = page.getByRole('dialog', { name: `Facturer la vente ${numero}` });
  await dialog.getByRole('button', { name: 'Émettre la facture' }).click();
  await expect(dialog).toContainText('Choisissez ou créez le client à qui adresser la facture.');
  await dialog.getByRole('button', { name: 'Nouveau client' }).click();
  await page.getByLabel('Nom du client').fill(nom);
  await page.getByRole('button', { name: 'Créer le client' }).click();
  await expect(toast(page, `« ${nom} » a été ajouté.`)).toBeVisible();
  await expect(dialog.locator('[id="acheteur-client"]')).toHaveValue(nom);
  await dialog.getByRole('button', { name: 'Émettre la facture' }).click();
  await expect(dialog).toContainText('Une facture porte l’adresse de facturation de l’acheteur.');
  await dialog.getByLabel('Adresse de facturation').fill(adresse);
  await dialog.getByRole('button', { name: 'Émettre la facture' }).click();

  // The invoice names the buyer and the address, which the customer's record keeps.
  await expect(toast(page, 'Facture émise')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Facture F-\d{4}-\d{6}$/ })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(nom);
  await expect(page.getByRole('main')).toContainText(adresse);
  await expect(page.getByRole('main')).toContainText(numero);
  await expect(page.getByRole('main')).toContainText('Payée');
});
