import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, key } from './support/api';
import { DEMO } from './support/constants';
import { loginAs } from './support/pages';

/**
 * A 360 px phone: the quote, invoice, purchase and supplier debt lists are cards (number or name,
 * amount, status first, then the details), every part inside the screen and nothing scrolling
 * sideways. Set-up through the API: a customer with an address, a sale invoiced, a quote; a
 * supplier with a purchase partly paid and overdue, and a draft.
 */
test.use({ viewport: { width: 360, height: 740 } });

async function expectInsideTheScreen(page: Page, cards: Locator, status = '.p-tag') {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    await card.scrollIntoViewIfNeeded();
    const parts = [
      card.locator('.card-list-title a'),
      card.locator('.card-list-amount'),
      card.locator(status).first(),
    ];
    for (const part of parts) {
      await expect(part).toBeVisible();
      const box = await part.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
  }
}

test('téléphone : devis et factures en cartes, numéro, total et statut visibles, sans défilement horizontal', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const nom = `Client mobile ${run}`;
  await loginAs(page, DEMO.proprietaire);
  await api(page, 'GET', '/api/auth/xsrf').catch(() => undefined);
  const unite = (await api<{ items: Array<{ id: number }> }>(page, 'GET', '/api/unites')).items[0]!;
  const type = (await api<{ items: Array<{ id: number }> }>(page, 'GET', '/api/types-ventes'))
    .items[0]!;
  const client = await api<{ id: number }>(page, 'POST', '/api/services/:shop/clients', {
    nom,
    adresse: 'Rue 10, Médina, Dakar',
  });
  const produit = await api<{ id: number }>(page, 'POST', '/api/services/:shop/produits', {
    nom: `Pagne wax ${run}`,
    uniteId: unite.id,
    prixVente: 125_000,
    prixAchat: 60_000,
    tauxTva: 0,
    stockInitial: 10_000,
  });
  const vente = await api<{ id: number }>(page, 'POST', '/api/services/:shop/ventes', {
    cleIdempotence: key(),
    typeVenteId: type.id,
    clientId: client.id,
    lignes: [{ produitId: produit.id, quantite: 2000 }],
    paiements: [{ mode: 'especes', montant: 250_000 }],
  });
  const facture = await api<{ numero: string }>(page, 'POST', '/api/services/:shop/factures', {
    cleIdempotence: key(),
    venteIds: [vente.id],
  });
  await api(page, 'POST', '/api/services/:shop/devis', {
    cleIdempotence: key(),
    clientId: client.id,
    typeVenteId: type.id,
    dateValidite: '2099-12-31',
    lignes: [{ produitId: produit.id, quantite: 3000 }],
  });

  await page.goto(`/pages/factures?q=${encodeURIComponent(nom)}`);
  const factures = page.getByTestId('factures-cards').getByRole('listitem');
  await expect(factures).toHaveCount(1);
  await expect(factures.first()).toContainText(facture.numero);
  await expect(factures.first().locator('.card-list-amount')).toHaveText(/^250\s000\sFCFA$/);
  await expect(factures.first()).toContainText('Payée');
  await expectInsideTheScreen(page, factures);

  await page.goto(`/pages/devis?q=${encodeURIComponent(nom)}`);
  const devis = page.getByTestId('devis-cards').getByRole('listitem');
  await expect(devis).toHaveCount(1);
  await expect(devis.first()).toContainText(/Brouillon n° \d+/);
  await expect(devis.first().locator('.card-list-amount')).toHaveText(/^375\s000\sFCFA$/);
  await expect(devis.first()).toContainText('Valable jusqu’au 31/12/2099');
  await expectInsideTheScreen(page, devis);
  // The detail opens from the card.
  await devis.first().locator('.card-list-title a').click();
  await expect(page).toHaveURL(/\/pages\/devis\/\d+$/);
});

test('téléphone : achats et dettes fournisseurs en cartes, montant et statut visibles, sans défilement horizontal', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const nom = `Fournisseur mobile ${run}`;
  await loginAs(page, DEMO.proprietaire);
  await api(page, 'GET', '/api/auth/xsrf').catch(() => undefined);
  const unite = (await api<{ items: Array<{ id: number }> }>(page, 'GET', '/api/unites')).items[0]!;
  const fournisseur = await api<{ id: number }>(page, 'POST', '/api/services/:shop/fournisseurs', {
    nom,
  });
  const produit = await api<{ id: number }>(page, 'POST', '/api/services/:shop/produits', {
    nom: `Tissu bazin ${run}`,
    uniteId: unite.id,
    prixVente: 30_000,
    prixAchat: 20_000,
  });
  const achat = (quantite: number) =>
    api<{ id: number }>(page, 'POST', '/api/services/:shop/achats', {
      cleIdempotence: key(),
      fournisseurId: fournisseur.id,
      date: '2026-01-10',
      referenceFournisseur: `BL-${run}-${quantite}`,
      echeance: '2026-01-31',
      lignes: [{ produitId: produit.id, quantite, prixUnitaire: 20_000 }],
    });
  const valide = await achat(5000);
  const { numero } = await api<{ numero: string }>(
    page,
    'POST',
    `/api/services/:shop/achats/${valide.id}/validation`,
    { cleIdempotence: key(), paiements: [{ mode: 'especes', montant: 40_000 }] },
  );
  await achat(1000);

  await page.goto(`/pages/approvisionnements-list?fournisseurId=${fournisseur.id}`);
  const achats = page.getByTestId('achats-cards').getByRole('listitem');
  await expect(achats).toHaveCount(2);
  const carte = achats.filter({ hasText: numero });
  await expect(carte.locator('.card-list-amount')).toHaveText(/^100\s000\sFCFA$/);
  await expect(carte).toContainText('Partiellement payé');
  await expect(carte).toContainText(/Reste dû\u00A0: 60\s000\sFCFA/);
  await expect(achats.filter({ hasText: 'Brouillon' }).locator('.card-list-amount')).toHaveText(
    /^20\s000\sFCFA$/,
  );
  await expectInsideTheScreen(page, achats);
  await carte.locator('.card-list-title a').click();
  await expect(page).toHaveURL(new RegExp(`/pages/approvisionnements-list/${valide.id}$`));

  await page.goto(`/pages/dettes?onglet=fournisseurs&q=${encodeURIComponent(nom)}`);
  const dettes = page.getByTestId('dettes-fournisseurs-cards').getByRole('listitem');
  await expect(dettes).toHaveCount(1);
  await expect(dettes.first().locator('.card-list-amount')).toHaveText(/^60\s000\sFCFA$/);
  await expect(dettes.first()).toContainText(/En retard\u00A0: 60\s000\sFCFA/);
  await expect(dettes.first()).toContainText('Échéance\u00A0: 31/01/2026');
  await expectInsideTheScreen(page, dettes, '.text-red-600');
});
