import { expect, test } from '@playwright/test';
import {
  CategoriesPage,
  ProductDetailPage,
  ProductFormPage,
  ProductsPage,
  ean13,
} from './support/catalogue-pages';
import { DEMO } from './support/constants';
import { loginAs } from './support/pages';
import { toast } from './support/prime';

test('catalogue : catégorie, produit scanné, recherche sans accent, ajustement de stock ; le gérant voit les produits sans les marques', async ({
  page,
  browser,
}) => {
  const run = Date.now().toString(36);
  const categorie = `Boissons chaudes ${run}`;
  const nom = `Café Touba ${run}`;
  const code = ean13(Date.now() % 1e10);

  // The owner creates a category…
  await loginAs(page, DEMO.proprietaire);
  const categories = new CategoriesPage(page);
  await categories.goto();
  await categories.create(categorie);
  await expect(page.getByTestId('categories-table')).toContainText(categorie);

  // … and adds a product, its barcode scanned (digits then Enter): the form is not sent by Enter.
  const form = new ProductFormPage(page);
  await form.gotoAdd();
  await form.fill({
    nom,
    codeBarres: code,
    categorie,
    unite: 'pièce',
    prixVente: '1500',
    stockInitial: '10',
  });
  await form.save();
  await expect(
    toast(page, `« ${nom} » est ajouté au catalogue (code-barres ${code}).`),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/produits\/\d+$/);

  // The list finds it without accents, with its price in FCFA and its stock.
  const produits = new ProductsPage(page);
  await produits.goto();
  await produits.search(`cafe touba ${run}`);
  const row = produits.row(nom);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(code);
  await expect(row).toContainText(categorie);
  await expect(row).toContainText(/1\s500\sFCFA/);
  await expect(row).toContainText(/10\spce/);

  // Its detail: the opening stock is a movement; an adjustment with a reason adds one.
  await row.getByRole('link', { name: nom }).click();
  await expect(page.getByRole('heading', { name: nom })).toBeVisible();
  const detail = new ProductDetailPage(page);
  await expect(detail.quantity()).toContainText(/10\spce/);
  await expect(detail.movements()).toHaveCount(1);
  await expect(detail.movements().first()).toContainText('Stock initial');
  await detail.adjust('Sortie de stock', '2', 'Casse en rayon');
  await expect(detail.quantity()).toContainText(/8\spce/);
  await expect(detail.movements()).toHaveCount(2);
  await expect(detail.movements().first()).toContainText('Ajustement');
  await expect(detail.movements().first()).toContainText('Casse en rayon');
  await expect(detail.movements().first()).toContainText('-2');

  // The manager of the shop sees the product in the list, but no brands.
  const manager = await (await browser.newContext()).newPage();
  const managerShell = await loginAs(manager, DEMO.gerant);
  const leaves = (await managerShell.menuLeaves()).map(([, to]) => to);
  expect(leaves).toContain('/pages/produits');
  expect(leaves).not.toContain('/pages/marques');
  const managerProducts = new ProductsPage(manager);
  await managerProducts.goto();
  await managerProducts.search(`cafe touba ${run}`);
  await expect(managerProducts.row(nom)).toHaveCount(1);
  await manager.goto('/pages/marques');
  await expect(manager).toHaveURL(/\/auth\/access$/);
});
