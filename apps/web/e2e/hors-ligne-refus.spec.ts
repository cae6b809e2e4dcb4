import { expect, test, type Page } from '@playwright/test';
import { api, key } from './support/api';
import {
  appOnDevice,
  openRegisterSession,
  ownerInLyon,
  productOfTest,
  receiptPrinted,
  registerOfTest,
} from './support/caisse';

// The device's service worker holds the app while the network is away (blocked by default).
test.use({ serviceWorkers: 'allow' });

/**
 * One register, one device, and the sale the sync refused (docs/regles-metier.md « Vente hors
 * ligne »): a fresh device chooses its register explicitly, warned when another device holds it;
 * another device takes number 1 of the register online while this one, offline, gives its sale
 * (paid by mobile money) number 1 too; closing the register is refused while that sale waits on the device; back online
 * the sale is refused, and recorded under the register's next number (2), the old one kept.
 */

const search = (page: Page) => page.getByLabel('Rechercher ou scanner un produit');
const etat = (page: Page) => page.getByTestId('etat-reseau');

test('hors ligne : une caisse choisie malgré un autre appareil, une vente refusée à la synchronisation (numéro déjà servi) puis enregistrée sous le numéro suivant ; pas de clôture tant qu’elle attend', async ({
  page,
  context,
}) => {
  test.slow();
  await ownerInLyon(page);
  const shop = '/api/services/:shop';
  // A register of this test's own, held by another device: its series starts at 1.
  const nom = `Refus ${Date.now() % 1_000_000}`;
  const caisse = await registerOfTest(page, nom);
  await api(page, 'PUT', `${shop}/caisses/${caisse.id}/appareil`, {
    appareil: 'autre-appareil-e2e',
  });
  const { numero } = caisse;
  // A product of this test's own, without VAT: 1 500 F the unit (its barcode generated).
  const produit = await productOfTest(page, `Savon refusé ${Date.now() % 1_000_000}`, 10_000);

  // A fresh device: it chooses its register; this one is another device's, which it is told.
  await page.goto('/pages/ventes');
  const choix = page.getByTestId('caisse-choix');
  const ligne = choix.getByRole('listitem').filter({ hasText: nom });
  await expect(ligne).toContainText('Pas de session ouverte');
  await expect(ligne).toContainText('Choisie sur un autre appareil');
  await ligne.getByRole('button', { name: `Vendre sur « ${nom} »` }).click();
  await expect(choix.getByTestId('caisse-partagee')).toContainText(
    'les ventes de l’un seront refusées à la synchronisation',
  );
  await choix.getByRole('button', { name: 'Choisir quand même' }).click();
  await expect(choix).toBeHidden();
  await openRegisterSession(page);
  const bar = page.getByTestId('caisse-bar');
  await expect(bar).toContainText(nom);
  await expect(page.getByTestId('caisse-partagee')).toHaveCount(0);
  await expect(etat(page)).toContainText('Aucune vente en attente');
  await expect(etat(page)).toContainText(/Catalogue : \d{2}:\d{2}/);
  await appOnDevice(page);

  // Another device sells online on the same register: it takes number 1 on the server.
  const types = await api<{ items: Array<{ id: number; prixUtilise: string }> }>(
    page,
    'GET',
    '/api/types-ventes',
  );
  const autre = await api<{ numero: string }>(page, 'POST', `${shop}/ventes`, {
    cleIdempotence: key(),
    typeVenteId: types.items.find((t) => t.prixUtilise === 'detail')!.id,
    caisseId: caisse.id,
    auPointDeVente: true,
    lignes: [{ produitId: produit.id, quantite: 1000 }],
    paiements: [{ mode: 'especes', montant: 1500 }],
  });
  expect(autre.numero).toBe(numero(1));

  // This device, offline, gives number 1 as well.
  await context.setOffline(true);
  await expect(etat(page)).toContainText('Hors ligne');
  await expect(search(page)).toBeFocused();
  await page.keyboard.type(produit.codeBarres, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pos-line')).toHaveCount(1);
  // Paid by mobile money, with its operator and reference (15,00 €).
  await page.keyboard.press('F9');
  const pay = page.getByRole('dialog', { name: /Paiement/ });
  await expect(pay.getByLabel('Montant reçu')).toBeFocused();
  await pay.getByRole('button', { name: 'Mobile money' }).click();
  const mobile = pay.getByRole('group', { name: /Mobile money/ });
  const montant = page.locator(`[id="${await mobile.getByLabel('Montant').getAttribute('id')}"]`);
  await montant.click();
  await montant.press('Control+a');
  await montant.pressSequentially('15');
  await mobile.getByLabel('Opérateur').fill('Wave');
  await mobile.getByLabel('Référence').fill('TX-HL-1');
  await expect(pay.getByTestId('pay-reste')).toHaveText(/^\s*0(,00)?\s€\s*$/);
  await page.keyboard.press('Control+Enter');
  const done = page.getByRole('dialog', { name: `Vente ${numero(1)} enregistrée` });
  await expect(done.getByTestId('receipt')).toContainText(numero(1));
  await expect(done.getByTestId('receipt')).toContainText(/Mobile money \(Wave, réf\. TX-HL-1\)/);
  await receiptPrinted(page, done);
  await page.keyboard.press('F6');
  await expect(done).toBeHidden();
  await expect(etat(page)).toContainText('1 vente en attente');

  // Closing waits for the sale this device still holds.
  await bar.getByRole('button', { name: 'Clôturer la caisse' }).click();
  await expect(page.getByTestId('cloture-bloquee')).toContainText(
    '1 vente de cette caisse attend encore d’être envoyée depuis cet appareil',
  );
  await expect(page.getByRole('dialog', { name: 'Clôturer la caisse' })).toHaveCount(0);

  // Back online: the server refuses number 1 (served already); the sale stays on the device.
  await context.setOffline(false);
  const refusee = page.getByTestId('vente-refusee');
  await expect(refusee).toContainText(`Vente ${numero(1)} refusée`, { timeout: 120_000 });
  await expect(refusee).toContainText('a déjà servi');
  await expect(etat(page)).toContainText('1 vente en attente');
  await refusee.getByRole('button', { name: 'Enregistrer sous le prochain numéro' }).click();
  await expect(page.getByTestId('ventes-refusees')).toContainText(
    `Vente enregistrée sous le numéro ${numero(2)} (numéro donné hors ligne : ${numero(1)}).`,
  );
  await expect(refusee).toHaveCount(0);
  await expect(etat(page)).toContainText('Aucune vente en attente');
  const after = await api<{ dernier: number }>(page, 'GET', `${shop}/caisses/${caisse.id}/synchro`);
  expect(after.dernier).toBe(2);
  const ventes = await api<{ items: Array<{ id: number; numero: string }> }>(
    page,
    'GET',
    `${shop}/ventes?q=${encodeURIComponent(numero(2))}`,
  );
  const vente = await api<{
    paiements: Array<{ mode: string; operateur: string; reference: string }>;
  }>(page, 'GET', `${shop}/ventes/${ventes.items.find((v) => v.numero === numero(2))!.id}`);
  expect(vente.paiements).toMatchObject([
    { mode: 'mobile_money', operateur: 'Wave', reference: 'TX-HL-1' },
  ]);

  // Nothing waits any more: the register closes.
  await bar.getByRole('button', { name: 'Clôturer la caisse' }).click();
  await expect(page.getByRole('dialog', { name: 'Clôturer la caisse' })).toBeVisible();
  await expect(page.getByTestId('cloture-bloquee')).toHaveCount(0);
});
