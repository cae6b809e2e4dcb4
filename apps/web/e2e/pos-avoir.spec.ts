import { expect, test, type Page } from '@playwright/test';
import { api, key } from './support/api';
import { openRegisterSession } from './support/caisse';
import { DEMO } from './support/constants';
import { loginAs } from './support/pages';

const SAVON = '2000000000107'; // Savon de Marseille, 500 FCFA (apps/api/src/demo/catalogue.ts)
const amount = (text: string) => new RegExp(text.replace(/ /g, '\\s'));
const cart = (page: Page) => page.getByRole('complementary', { name: 'Vente en cours' });

/** A customer of the current shop holding 1 000 FCFA of credit: a paid sale returned as credit. */
async function clientAvecAvoir(page: Page, nom: string): Promise<number> {
  const client = await api<{ id: number }>(page, 'POST', '/api/services/:shop/clients', { nom });
  const savon = await api<{ id: number }>(
    page,
    'GET',
    `/api/services/:shop/produits/code-barres/${SAVON}`,
  );
  const types = await api<{ items: Array<{ id: number; prixUtilise: string }> }>(
    page,
    'GET',
    '/api/types-ventes',
  );
  const vente = await api<{ id: number; lignes: Array<{ id: number; quantite: number }> }>(
    page,
    'POST',
    '/api/services/:shop/ventes',
    {
      cleIdempotence: key(),
      typeVenteId: types.items.find((t) => t.prixUtilise === 'detail')!.id,
      clientId: client.id,
      lignes: [{ produitId: savon.id, quantite: 2000 }],
      paiements: [{ mode: 'virement', montant: 1000 }],
    },
  );
  await api(page, 'POST', `/api/services/:shop/ventes/${vente.id}/retours`, {
    cleIdempotence: key(),
    lignes: vente.lignes.map((l) => ({ ligneId: l.id, quantite: l.quantite })),
    mode: 'avoir',
    modeRemboursement: null,
  });
  return client.id;
}

test('caisse : l’avoir du client s’affiche quand il est choisi et paie une part de la vente, le reste en espèces ; il est consommé', async ({
  page,
}) => {
  await loginAs(page, DEMO.gerant);
  await page.goto('/pages/ventes');
  await openRegisterSession(page);
  const nom = `Client avoir ${Date.now() % 100000}`;
  const clientId = await clientAvecAvoir(page, nom);

  const search = page.getByLabel('Rechercher ou scanner un produit');
  for (let i = 0; i < 3; i++) {
    await search.fill(SAVON);
    await search.press('Enter');
  }
  await expect(page.getByTestId('pos-total')).toHaveText(amount('1 500 FCFA'));

  // The customer chosen: their credit shows at once.
  const picker = cart(page).getByLabel('Client (nom ou téléphone)');
  await picker.click();
  await picker.pressSequentially(nom);
  // The list settles on the answer for the whole name (that customer only) before the click: an
  // answer arriving under the pointer replaces the option, and the click then chooses nothing.
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(1);
  await expect(options).toContainText(nom);
  await options.click();
  // Chosen (a failure here is the picker's, below it the credit's).
  await expect(cart(page).getByRole('button', { name: 'Retirer le client' })).toBeVisible();
  await expect(picker).toHaveValue(nom);
  // The server holds the credit before the screen is asked to show it.
  const avant = await api<{ avoir: number }>(
    page,
    'GET',
    `/api/services/:shop/clients/${clientId}/compte`,
  );
  expect(avant.avoir).toBe(1000);
  await expect(cart(page).getByTestId('pos-avoir')).toHaveText(
    amount('Avoir disponible\u00A0: 1 000 FCFA'),
  );

  // Paid 1 000 by the credit (offered up to it), 500 in cash.
  await page.keyboard.press('F8');
  const dialog = page.getByRole('dialog', { name: /Paiement/ });
  await expect(dialog.getByTestId('avoir-disponible')).toContainText(amount('1 000 FCFA'));
  await dialog.getByRole('button', { name: 'Avoir', exact: true }).click();
  await expect(dialog.getByTestId('pay-reste')).toHaveText(amount('500 FCFA'));
  const recu = dialog.getByLabel('Montant reçu');
  await recu.click();
  await recu.pressSequentially('500');
  await expect(dialog.getByTestId('pay-reste')).toHaveText(amount('0 FCFA'));
  await dialog.getByRole('button', { name: /Valider la vente/ }).click();

  const done = page.getByRole('dialog', { name: /Vente V-\d{4}-C\d{2}-\d{6} enregistrée/ });
  const receipt = done.getByTestId('receipt');
  await expect(receipt).toContainText(amount('Avoir utilisé\\s*1 000 FCFA'));
  await expect(receipt).not.toContainText('Reste à payer');

  // The credit is used up: the server says so, and the POS offers none any more.
  const compte = await api<{ avoir: number; encours: number }>(
    page,
    'GET',
    `/api/services/:shop/clients/${clientId}/compte`,
  );
  expect(compte).toMatchObject({ avoir: 0, encours: 0 });
});
