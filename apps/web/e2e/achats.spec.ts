import { expect, test, type Page } from '@playwright/test';
import { AchatSaisiePage, apiCall, typeNumber } from './support/achats-pages';
import { ProductsPage, ean13 } from './support/catalogue-pages';
import { DEMO } from './support/constants';
import { loginAs, openFromList } from './support/pages';
import { toast } from './support/prime';
import { amount } from './support/ventes-pages';

/** Opens a product's page from the products list and reads its stock and weighted average cost. */
async function produit(page: Page, nom: string) {
  const produits = new ProductsPage(page);
  await produits.goto();
  await produits.search(nom);
  await produits.row(nom).getByRole('link', { name: nom }).click();
  await expect(page.getByRole('heading', { name: nom })).toBeVisible();
  return { quantite: page.getByTestId('produit-quantite'), cump: page.getByTestId('produit-cump') };
}

/** « 1 212 FCFA » as the screens write it. */
const fcfa = (n: number) => amount(`${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} FCFA`);

/**
 * Costs spread over amounts in proportion, by largest remainder (docs/regles-metier.md « Achats »),
 * written here again from the rule so the screen's figures are checked against it.
 */
function spread(total: number, amounts: number[]): number[] {
  const sum = amounts.reduce((a, b) => a + b, 0);
  const shares = amounts.map((a) => Math.floor((total * a) / sum));
  const order = amounts
    .map((a, i) => ({ i, rest: (total * a) % sum }))
    .sort((x, y) => y.rest - x.rest || x.i - y.i);
  const left = total - shares.reduce((a, b) => a + b, 0);
  for (const { i } of order.slice(0, left)) shares[i]! += 1;
  return shares;
}

test('achats : trois produits avec frais, paiement partiel, stock et CUMP, dette fournisseur réglée, retour au fournisseur ; le gérant consulte seulement', async ({
  page,
  browser,
}) => {
  test.slow();
  const run = Date.now().toString(36);
  const fournisseur = `Fournisseur ${run}`;
  const riz = `Riz achat ${run}`;
  const sucre = `Sucre achat ${run}`;
  const huile = `Huile achat ${run}`;
  const telephone = `76${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  await loginAs(page, DEMO.proprietaire);
  const saisie = new AchatSaisiePage(page);

  // A first purchase creates the rice and the sugar from its lines: 10 at 1 000 and 20 at 500,
  // paid in full.
  await saisie.goto();
  await saisie.newSupplier(fournisseur, telephone);
  await saisie.newProduct(riz, '1000', '1500');
  await saisie.setLine(0, '10');
  await saisie.newProduct(sucre, '500', '750');
  await saisie.setLine(1, '20');
  await expect(saisie.total('Total')).toHaveText(amount('20 000 FCFA'));
  await saisie.payCash('20000');
  await expect(saisie.total('Reste dû au fournisseur')).toHaveText(amount('0 FCFA'));
  await saisie.validate();
  let fiche = await produit(page, riz);
  await expect(fiche.quantite).toContainText(/^10\b/);
  await expect(fiche.cump).toHaveText(amount('1 000 FCFA'));
  fiche = await produit(page, sucre);
  await expect(fiche.quantite).toContainText(/^20\b/);
  await expect(fiche.cump).toHaveText(amount('500 FCFA'));

  // The second, of three products: 10 rice at 1 300 and 6 sugars at 550 (their last costs are
  // proposed), and 5 oils at 2 000 created from the line; transport 2 500, spread over the lines
  // by their value; 26 300 + 2 500 = 28 800, 10 000 paid, 18 800 owed.
  await saisie.goto();
  await saisie.supplier(fournisseur);
  await saisie.addProduct(riz, riz);
  await expect(page.locator('[id="achat-ligne-0-cout"]')).toHaveValue('1000');
  await saisie.setLine(0, '10', '1300');
  await saisie.addProduct(sucre, sucre);
  await expect(page.locator('[id="achat-ligne-1-cout"]')).toHaveValue('500');
  await saisie.setLine(1, '6', '550');
  await saisie.newProduct(huile, '2000', '2800');
  await saisie.setLine(2, '5');
  await typeNumber(page, 'achat-frais-transport', '2500');
  const lignes = [
    { nom: riz, stock: 10, cump: 1000, quantite: 10, montant: 13_000 },
    { nom: sucre, stock: 20, cump: 500, quantite: 6, montant: 3300 },
    { nom: huile, stock: 0, cump: 0, quantite: 5, montant: 10_000 },
  ];
  const montants = lignes.map((l) => l.montant);
  const marchandises = montants.reduce((a, b) => a + b, 0);
  const parts = spread(2500, montants);
  // 2 500 × 13 000, 3 300 and 10 000 ÷ 26 300: 1 235,7 / 313,7 / 950,6 — the two largest
  // remainders take the two francs left.
  expect(parts).toEqual([1236, 314, 950]);
  await expect(saisie.total('Marchandises')).toHaveText(fcfa(marchandises));
  await expect(saisie.total('Total')).toHaveText(fcfa(marchandises + 2500));
  await saisie.payCash('10000');
  await expect(saisie.total('Reste dû au fournisseur')).toHaveText(amount('18 800 FCFA'));
  const numero = await saisie.validate();

  // Stock up and each weighted average cost: (stock × CUMP + amount + its share of the transport)
  // ÷ (stock + quantity), rounded to the franc.
  const cumps = lignes.map((l, i) =>
    Math.round((l.stock * l.cump + l.montant + parts[i]!) / (l.stock + l.quantite)),
  );
  expect(cumps).toEqual([1212, 524, 2190]);
  for (const [i, l] of lignes.entries()) {
    fiche = await produit(page, l.nom);
    await expect(fiche.quantite).toContainText(new RegExp(`^${l.stock + l.quantite}\\b`));
    await expect(fiche.cump).toHaveText(fcfa(cumps[i]!));
  }

  // The supplier's debt in Dettes → Fournisseurs.
  await page.goto('/pages/dettes');
  await page
    .getByRole('navigation', { name: 'Dettes' })
    .getByRole('link', { name: 'Fournisseurs' })
    .click();
  await expect(page.getByRole('heading', { name: 'Dettes fournisseurs' })).toBeVisible();
  await page.getByLabel('Rechercher un fournisseur').fill(fournisseur);
  const dette = page
    .getByTestId('dettes-fournisseurs-table')
    .locator('tbody tr')
    .filter({ hasText: fournisseur });
  await expect(dette).toContainText(/18\s800\sFCFA/);

  // A return to the supplier of 2 oils (2 × 2 000): stock and debt go down.
  await page.goto('/pages/approvisionnements-list');
  await openFromList(page, 'Rechercher un achat', 'achats-table', numero);
  await expect(page.getByRole('heading', { name: `Achat ${numero}` })).toBeVisible();
  // Each line's share of the transport, to the franc, and its CUMP after the purchase.
  for (const [i, l] of lignes.entries()) {
    const cells = page
      .getByTestId('achat-detail-lignes')
      .locator('tbody tr')
      .filter({ hasText: l.nom })
      .locator('td');
    await expect(cells.nth(5)).toHaveText(fcfa(parts[i]!));
    await expect(cells.nth(8)).toHaveText(fcfa(cumps[i]!));
  }
  await expect(page.getByTestId('achat-Reste dû')).toHaveText(amount('18 800 FCFA'));
  await page.getByRole('button', { name: 'Retour au fournisseur' }).click();
  const retour = page.getByRole('dialog', { name: 'Retour au fournisseur' });
  const ligneHuile = await retour.getByLabel(new RegExp(huile)).getAttribute('id');
  await typeNumber(page, ligneHuile!, '2');
  await expect(retour.getByTestId('retour-achat-montant')).toContainText(/4\s000\sFCFA/);
  await retour.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Retour enregistré')).toBeVisible();
  await expect(page.getByTestId('achat-Reste dû')).toHaveText(amount('14 800 FCFA'));
  await expect(page.getByTestId('achat-retours')).toContainText(/RA-\d{4}-\d{6}/);
  fiche = await produit(page, huile);
  await expect(fiche.quantite).toContainText(/^3\b/);

  // Paying the rest from the supplier's page clears the debt.
  await page.goto('/pages/fournisseurs');
  await openFromList(page, 'Rechercher un fournisseur', 'fournisseurs-table', fournisseur);
  await expect(page.getByTestId('solde-fournisseur-solde')).toHaveText(amount('14 800 FCFA'));
  await page.getByRole('button', { name: 'Payer le fournisseur' }).click();
  const payer = page.getByRole('dialog', { name: 'Payer le fournisseur' });
  await expect(payer.getByLabel('Montant')).toHaveValue(/14\s800\sFCFA/);
  await payer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Paiement enregistré')).toBeVisible();
  await expect(page.getByTestId('solde-fournisseur-solde')).toHaveText(amount('0 FCFA'));
  await page.goto('/pages/dettes?onglet=fournisseurs');
  await page.getByLabel('Rechercher un fournisseur').fill(fournisseur);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(dette).toHaveCount(0);

  // The manager reads the purchases, and nothing more (product.md §3).
  const gerant = await (await browser.newContext()).newPage();
  await loginAs(gerant, DEMO.gerant);
  await gerant.goto('/pages/approvisionnements-list');
  await expect(gerant.getByText(/^Consultation seulement :/)).toBeVisible();
  await expect(gerant.getByRole('link', { name: 'Nouvel approvisionnement' })).toHaveCount(0);
  await expect(gerant.getByRole('button', { name: 'Brouillon depuis les stocks bas' })).toHaveCount(
    0,
  );
  await openFromList(gerant, 'Rechercher un achat', 'achats-table', numero);
  await expect(gerant.getByRole('heading', { name: `Achat ${numero}` })).toBeVisible();
  await expect(gerant.getByRole('button', { name: 'Bon de réception PDF' })).toBeVisible();
  await expect(gerant.getByRole('button', { name: 'Retour au fournisseur' })).toHaveCount(0);
  await expect(gerant.getByRole('button', { name: 'Payer' })).toHaveCount(0);
  for (const path of ['/pages/approvisionnements', '/pages/dettes', '/pages/fournisseurs/1']) {
    await gerant.goto(path);
    await expect(gerant).toHaveURL(/\/auth\/access$/);
  }
});

test('achats : un bon de livraison Excel remplit l’achat (référence, code-barres, coût ou dernier coût), la ligne inconnue est nommée, rien n’est écrit avant la validation ; remise globale au détail', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  await loginAs(page, DEMO.proprietaire);
  const unites = await apiCall(page, 'GET', '/api/unites?size=200');
  const piece = unites.body.items.find((u: { symbole: string }) => u.symbole === 'pce');
  const creer = async (nom: string, reference: string | null, codeBarres: string) => {
    const r = await apiCall(page, 'POST', '/api/services/{service}/produits', {
      nom,
      reference,
      codeBarres,
      uniteId: piece.id,
      prixVente: 1500,
      prixAchat: 800,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number };
  };
  const riz = await creer(`Riz BL ${run}`, `BLR-${run}`, ean13(Date.now() % 1e9));
  const sucreCode = ean13((Date.now() + 7) % 1e9);
  const sucre = await creer(`Sucre BL ${run}`, null, sucreCode);
  const stock = async (id: number) =>
    (await apiCall(page, 'GET', `/api/services/{service}/produits/${id}`)).body.quantite;

  // The supplier's note as an Excel workbook: rice by reference at 1 100, sugar by barcode without
  // a cost (its last cost, 800, is taken), and a product the shop does not have.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('BL');
  sheet.addRow(['Référence', 'Désignation', 'Qté livrée', 'Prix unitaire']);
  sheet.addRow([`BLR-${run}`, 'Riz 5 kg', 12, 1100]);
  sheet.addRow([sucreCode, 'Sucre', 5, null]);
  sheet.addRow([`INCONNU-${run}`, 'Mystère', 2, 500]);
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

  const saisie = new AchatSaisiePage(page);
  await saisie.goto();
  await saisie.newSupplier(
    `Fournisseur BL ${run}`,
    `77${String(Date.now() % 10_000_000).padStart(7, '0')}`,
  );
  await page.getByRole('button', { name: 'Bon de livraison…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remplir depuis un bon de livraison' });
  await dialog.getByLabel('Fichier CSV ou Excel (.xlsx)').setInputFiles({
    name: 'bon.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await expect(dialog).toContainText('bon.xlsx : 3 lignes.');
  await expect(dialog.getByLabel('Référence ou code-barres *')).toHaveValue('0');
  await expect(dialog.getByLabel('Quantité *')).toHaveValue('2');
  await expect(dialog.getByLabel('Coût unitaire')).toHaveValue('3');
  await dialog.getByRole('button', { name: 'Lire le bon' }).click();
  await expect(dialog.getByRole('alert')).toContainText('2 lignes reconnues, 1 ligne refusée');
  const refusees = dialog.getByLabel('Lignes refusées du bon').locator('tbody tr');
  await expect(refusees).toHaveCount(1);
  await expect(refusees.first()).toContainText(
    `3ProduitAucun produit de la boutique n'a la référence ou le code-barres « INCONNU-${run} ».`,
  );
  expect(await stock(riz.id)).toBe(0);

  await dialog.getByRole('button', { name: 'Ajouter 2 lignes à l’achat' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('bl-refusees')).toContainText(`« INCONNU-${run} »`);
  await expect(saisie.lines()).toContainText(`Riz BL ${run}`);
  await expect(page.locator('[id="achat-ligne-0-cout"]')).toHaveValue('1100');
  await expect(page.locator('[id="achat-ligne-1-cout"]')).toHaveValue('800');
  // 12 × 1 100 + 5 × 800 = 17 200; still nothing in stock until the purchase is validated.
  await expect(saisie.total('Total')).toHaveText(amount('17 200 FCFA'));
  // The supplier's 10 % on the whole note: 1 720 off, spread over the lines by their value.
  await page.getByRole('button', { name: 'Remise globale : en montant (changer)' }).click();
  await typeNumber(page, 'achat-remise-globale', '10');
  await expect(saisie.total('Remises')).toHaveText(amount('-1 720 FCFA'));
  await expect(saisie.total('Total')).toHaveText(amount('15 480 FCFA'));
  expect(await stock(riz.id)).toBe(0);
  await saisie.validate();
  expect(await stock(riz.id)).toBe(12_000);
  expect(await stock(sucre.id)).toBe(5000);
  await page.getByRole('link', { name: 'Voir l’achat' }).click();
  await expect(page.getByTestId('achat-Remises')).toHaveText(amount('-1 720 FCFA'));
  await expect(page.getByTestId('achat-Reste dû')).toHaveText(amount('15 480 FCFA'));
  await expect(page.getByTestId('achat-detail-lignes')).toContainText(/-1\s320\sFCFA/);
});

test('achats : remises de ligne en pourcentage et en montant, totaux, CUMP et dette du montant net', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  await loginAs(page, DEMO.proprietaire);
  const unites = await apiCall(page, 'GET', '/api/unites?size=200');
  const piece = unites.body.items.find((u: { symbole: string }) => u.symbole === 'pce');
  const creer = async (nom: string) => {
    const r = await apiCall(page, 'POST', '/api/services/{service}/produits', {
      nom,
      uniteId: piece.id,
      prixVente: 3000,
      prixAchat: 1000,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number };
  };
  const huile = await creer(`Huile remise ${run}`);
  const savon = await creer(`Savon remise ${run}`);
  const produit = async (id: number) =>
    (await apiCall(page, 'GET', `/api/services/{service}/produits/${id}`)).body as {
      quantite: number;
      prixAchat: number;
    };

  const saisie = new AchatSaisiePage(page);
  await saisie.goto();
  await saisie.newSupplier(
    `Fournisseur remises ${run}`,
    `76${String(Date.now() % 10_000_000).padStart(7, '0')}`,
  );
  await saisie.addProduct(`Huile remise ${run}`, `Huile remise ${run}`);
  await saisie.addProduct(`Savon remise ${run}`, `Savon remise ${run}`);
  await saisie.setLine(0, '10', '1250');
  await saisie.setLine(1, '4', '2000');
  // 10 % on the oil (12 500 → 11 250), 500 off the soap (8 000 → 7 500).
  await page
    .getByRole('button', { name: `Remise sur Huile remise ${run} : en montant (changer)` })
    .click();
  await typeNumber(page, 'achat-ligne-0-remise', '10');
  await typeNumber(page, 'achat-ligne-1-remise', '500');
  await expect(saisie.total('Remises')).toHaveText(amount('-1 750 FCFA'));
  await expect(saisie.total('Total')).toHaveText(amount('18 750 FCFA'));
  await expect(saisie.total('Reste dû au fournisseur')).toHaveText(amount('18 750 FCFA'));
  await saisie.validate();
  // The cost price is the net one: 11 250 ÷ 10 and 7 500 ÷ 4.
  expect(await produit(huile.id)).toMatchObject({ quantite: 10_000, prixAchat: 1125 });
  expect(await produit(savon.id)).toMatchObject({ quantite: 4000, prixAchat: 1875 });
  await page.getByRole('link', { name: 'Voir l’achat' }).click();
  await expect(page.getByTestId('achat-Remises')).toHaveText(amount('-1 750 FCFA'));
  await expect(page.getByTestId('achat-Reste dû')).toHaveText(amount('18 750 FCFA'));
  const lignes = page.getByTestId('achat-detail-lignes');
  await expect(lignes).toContainText(/-1\s250\sFCFA/);
  await expect(lignes).toContainText(/-500\sFCFA/);
});
