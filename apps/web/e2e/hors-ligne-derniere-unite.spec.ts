import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api';
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
 * Two devices, each on its own register of the shop, both offline, both sell the last unit of a
 * product (docs/regles-metier.md « Vente hors ligne » : a sale made offline is never refused for
 * what the till could not know). Each receipt carries its register's own number; back online both
 * sales are recorded, the stock is −1, and the owner sees the negative-stock alert on the
 * dashboard and on the product's page.
 */

const etat = (page: Page) => page.getByTestId('etat-reseau');

/** This device's POS on the register `nom`: session opened, catalogue loaded, app held offline. */
async function posOn(page: Page, nom: string) {
  await page.goto('/pages/ventes');
  await openRegisterSession(page, '0', nom);
  await expect(page.getByTestId('caisse-bar')).toContainText(nom);
  await expect(etat(page)).toContainText('Aucune vente en attente');
  await expect(etat(page)).toContainText(/Catalogue : \d{2}:\d{2}/);
  await appOnDevice(page);
}

test('hors ligne : deux caisses vendent chacune la dernière unité ; les deux ventes sont enregistrées, le stock à −1 signalé au propriétaire', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  await ownerInLyon(page);
  const tag = Date.now() % 1_000_000;
  const caisseA = await registerOfTest(page, `Dernière A ${tag}`);
  const caisseB = await registerOfTest(page, `Dernière B ${tag}`);
  expect(caisseA.code).not.toBe(caisseB.code);
  // One unit on the shelf, in the catalogue of both devices before the network goes.
  const nom = `Dernier savon ${tag}`;
  const produit = await productOfTest(page, nom, 1000);

  // Device A is this page; device B another browser context (its own storage and service worker).
  const autre = await browser.newContext();
  const pageB = await autre.newPage();
  await ownerInLyon(pageB);
  await posOn(page, caisseA.nom);
  await posOn(pageB, caisseB.nom);

  await context.setOffline(true);
  await autre.setOffline(true);
  await expect(etat(page)).toContainText('Hors ligne');
  await expect(etat(pageB)).toContainText('Hors ligne');
  // Each till numbers its sale in its own series: number 1 of A, number 1 of B.
  await sellInCash(page, produit.codeBarres, caisseA.numero(1));
  await sellInCash(pageB, produit.codeBarres, caisseB.numero(1));
  await expect(etat(page)).toContainText('1 vente en attente');
  await expect(etat(pageB)).toContainText('1 vente en attente');

  await context.setOffline(false);
  await autre.setOffline(false);
  await expect(etat(page)).toContainText('Aucune vente en attente', { timeout: 120_000 });
  await expect(etat(pageB)).toContainText('Aucune vente en attente', { timeout: 120_000 });
  await expect(page.getByTestId('vente-refusee')).toHaveCount(0);
  await expect(pageB.getByTestId('vente-refusee')).toHaveCount(0);
  await autre.close();

  // On the server: two sales of the product, one per register, and a stock of −1.
  const shop = '/api/services/:shop';
  const ventes = await api<{ items: Array<{ documentNumero: string; quantite: number }> }>(
    page,
    'GET',
    `${shop}/produits/${produit.id}/mouvements?type=vente`,
  );
  expect(ventes.items.map((m) => [m.documentNumero, m.quantite]).sort()).toEqual([
    [caisseA.numero(1), -1000],
    [caisseB.numero(1), -1000],
  ]);
  const stock = await api<{ quantite: number }>(page, 'GET', `${shop}/produits/${produit.id}`);
  expect(stock.quantite).toBe(-1000);
  // One flag, on the sale that arrived second (either).
  const alertes = await api<Array<{ type: string; quantite: number; venteNumero: string }>>(
    page,
    'GET',
    `${shop}/alertes-hors-ligne?produitId=${produit.id}`,
  );
  expect(alertes).toEqual([expect.objectContaining({ type: 'stock_negatif', quantite: -1000 })]);
  expect([caisseA.numero(1), caisseB.numero(1)]).toContain(alertes[0]!.venteNumero);
  const alerte = new RegExp(`Stock de « ${nom} » passé à [-−]1 — vente ${alertes[0]!.venteNumero}`);

  // The owner sees it on the dashboard (not yet seen)…
  await page.goto('/');
  const tableau = page.getByRole('region', { name: 'Ventes hors ligne à vérifier' });
  await expect(tableau.getByRole('listitem').filter({ hasText: nom })).toHaveText(alerte);
  await expect(
    tableau.getByRole('button', { name: `Marquer comme vue : Stock de « ${nom} »` }),
  ).toBeVisible();

  // …and on the product's page, with the stock of −1 and both sales in its ledger.
  await page.goto(`/pages/produits/${produit.id}`);
  await expect(page.getByTestId('produit-quantite')).toContainText(/^[-−]1\s/);
  const fiche = page.getByRole('region', { name: 'Ventes hors ligne à vérifier' });
  await expect(fiche.getByRole('listitem')).toHaveCount(1);
  await expect(fiche.getByRole('listitem')).toHaveText(alerte);
  for (const numero of [caisseA.numero(1), caisseB.numero(1)])
    await expect(page.getByRole('row').filter({ hasText: numero })).toHaveCount(1);
});
