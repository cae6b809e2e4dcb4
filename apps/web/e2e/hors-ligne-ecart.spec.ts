import { expect, test, type Page } from '@playwright/test';
import { api, key } from './support/api';
import {
  appOnDevice,
  openRegisterSession,
  ownerInLyon,
  productOfTest,
  registerOfTest,
  sellInCash,
} from './support/caisse';

// The device's service worker holds the app while the network is away (blocked by default).
test.use({ serviceWorkers: 'allow' });

/**
 * A refused offline sale discarded by the owner (docs/regles-metier.md « Vente hors ligne »):
 * another device takes number 1 of the register online while this one, offline, gives numbers 1
 * and 2; back online number 2 is recorded and number 1 refused, held on the device. The owner
 * « Écarte » it with a reason: the device's queue is empty again, the journal holds the
 * vente_ecartee entry (page « Intégrité »), and the screen of discarded sales lists it.
 */

const etat = (page: Page) => page.getByTestId('etat-reseau');

test('hors ligne : une vente refusée à la synchronisation, écartée par le propriétaire avec un motif ; la file de l’appareil se vide, le journal et l’écran des ventes écartées la montrent', async ({
  page,
  context,
}) => {
  test.slow();
  await ownerInLyon(page);
  const shop = '/api/services/:shop';
  // A register of this test's own, held by another device: its series starts at 1.
  const nom = `Écart ${Date.now() % 1_000_000}`;
  const caisse = await registerOfTest(page, nom);
  await api(page, 'PUT', `${shop}/caisses/${caisse.id}/appareil`, {
    appareil: 'autre-appareil-e2e-ecart',
  });
  const { numero } = caisse;
  const produit = await productOfTest(page, `Savon écarté ${Date.now() % 1_000_000}`, 10_000);
  const moi = await page.evaluate(
    () => JSON.parse(localStorage.getItem('user')!) as { prenom: string; nom: string },
  );

  await page.goto('/pages/ventes');
  await openRegisterSession(page, '0', nom);
  await expect(page.getByTestId('caisse-bar')).toContainText(nom);
  await expect(etat(page)).toContainText('Aucune vente en attente');
  // The catalogue is on the device (this test's product with it) before the network goes: else the
  // offline scan finds nothing (« Catalogue pas encore chargé », the run of 29 November 2026).
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

  // This device, offline, gives numbers 1 and 2.
  await context.setOffline(true);
  await expect(etat(page)).toContainText('Hors ligne');
  await sellInCash(page, produit.codeBarres, numero(1));
  await sellInCash(page, produit.codeBarres, numero(2));
  await expect(etat(page)).toContainText('2 ventes en attente');

  // Back online: number 2 is recorded, number 1 (served already) refused and kept on the device.
  await context.setOffline(false);
  const refusee = page.getByTestId('vente-refusee');
  await expect(refusee).toContainText(`Vente ${numero(1)} refusée`, { timeout: 120_000 });
  await expect(etat(page)).toContainText('1 vente en attente');
  const motifRefus = (await refusee.textContent())!.replace(/^.*\) : /, '');
  expect(motifRefus).toContain('a déjà servi');

  // The owner discards it, with a reason.
  await refusee.getByRole('button', { name: 'Écarter', exact: true }).click();
  const ecarter = refusee.getByRole('button', { name: 'Écarter la vente' });
  await expect(ecarter).toBeDisabled();
  await refusee.getByLabel('Motif de l’écart (gardé au journal)').fill('Doublon du ticket papier');
  await ecarter.click();
  await expect(page.getByTestId('ventes-refusees')).toContainText(
    `Vente ${numero(1)} écartée : elle reste visible du propriétaire avec son motif`,
  );
  await expect(refusee).toHaveCount(0);
  await expect(etat(page)).toContainText('Aucune vente en attente');
  const ventes = await api<{ items: Array<{ numero: string }> }>(
    page,
    'GET',
    `${shop}/ventes?q=${encodeURIComponent(caisse.code)}`,
  );
  expect(ventes.items.map((v) => v.numero).sort()).toEqual([numero(1), numero(2)]);

  // The journal holds it (page « Intégrité »: the event and the till's number).
  await page.goto('/pages/integrite');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: 'Vente hors ligne écartée' })
      .filter({ hasText: numero(1) }),
  ).toHaveCount(1);

  // The screen of discarded sales, reached from the registers page, lists it.
  await page.goto('/pages/caisses');
  await page.getByRole('link', { name: 'Ventes écartées' }).click();
  await expect(page).toHaveURL(/\/pages\/caisses\/ventes-ecartees$/);
  const ligne = page.getByRole('row').filter({ hasText: numero(1) });
  await expect(ligne).toHaveCount(1);
  const cellules = ligne.getByRole('cell');
  await expect(cellules.nth(2)).toHaveText(nom);
  // The cashier the till's receipt named (here the owner, who sold and then discarded).
  await expect(cellules.nth(3)).toHaveText(`${moi.prenom} ${moi.nom}`);
  await expect(ligne).toContainText(/15,00\s€/);
  await expect(ligne).toContainText('a déjà servi');
  await expect(ligne).toContainText('Doublon du ticket papier');
  await expect(ligne).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} par /);
});
