import { expect, test, type Page } from '@playwright/test';
import { ProductFormPage, ean13 } from './support/catalogue-pages';
import { DEMO } from './support/constants';
import { openRegisterSession } from './support/caisse';
import { api, key } from './support/api';
import { loginAs } from './support/pages';
import { toast } from './support/prime';

/** A 360 px phone: lists as cards, filters folded, page actions in a menu, nothing covered. */
test.use({ viewport: { width: 360, height: 740 } });

const EAU = '2000000000077'; // Eau minérale 1,5 L, 400 FCFA (demo shelf)

/** No sideways scrolling: the page is no wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

test('téléphone : la liste des ventes montre le total et le statut de chaque vente sans défilement horizontal', async ({
  page,
}) => {
  await loginAs(page, DEMO.gerant);
  await page.goto('/pages/ventes-list');
  const cards = page.getByTestId('ventes-cards').getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    await card.scrollIntoViewIfNeeded();
    const amount = card.locator('.card-list-amount');
    await expect(amount).toHaveText(/^\d[\d\s]*\sFCFA$/);
    await expect(card.locator('.p-tag')).toBeVisible();
    for (const part of [amount, card.locator('.p-tag')]) {
      const box = await part.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
  }
  // The filters are folded behind one button.
  await expect(page.getByLabel('Filtrer par période')).toBeHidden();
  await page.getByRole('button', { name: 'Filtres' }).click();
  await expect(page.getByLabel('Filtrer par période')).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('téléphone : un produit est créé, trouvé, ouvert et modifié', async ({ page }) => {
  const run = Date.now().toString(36);
  const nom = `Thé Ataya ${run}`;
  await loginAs(page, DEMO.proprietaire);
  await page.goto('/pages/produits');
  await expect(page.getByTestId('produits-cards')).toBeVisible();
  await expectNoSidewaysScroll(page);
  // Page actions live in one menu.
  await expect(page.getByRole('button', { name: 'Importer' })).toBeHidden();
  await page.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('button', { name: 'Importer' })).toBeVisible();
  await page.getByRole('button', { name: 'Nouveau produit' }).click();
  const form = new ProductFormPage(page);
  await form.fill({
    nom,
    codeBarres: ean13(Date.now() % 1e10),
    categorie: 'Boissons',
    unite: 'pièce',
    prixVente: '900',
    stockInitial: '4',
  });
  await form.save();
  await expect(page).toHaveURL(/\/pages\/produits\/\d+$/);

  await page.goto('/pages/produits');
  await page.getByLabel('Rechercher un produit').fill(`the ataya ${run}`);
  const card = page.getByTestId('produits-cards').getByRole('listitem').filter({ hasText: nom });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(/900\sFCFA/);
  await expect(card).toContainText(/4\spce/);
  await expectNoSidewaysScroll(page);
  await card.getByRole('link', { name: nom }).click();
  await expect(page.getByRole('heading', { name: nom })).toBeVisible();
  await page.getByRole('button', { name: 'Modifier' }).click();
  await page.getByLabel('Nom', { exact: true }).fill(`${nom} vert`);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, /enregistré|mis à jour/)).toBeVisible();
  await expect(page.getByRole('heading', { name: `${nom} vert` })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

/**
 * Everything a cashier reads or touches on the POS is the topmost element at its centre once
 * scrolled into view: nothing (the appearance gear, the top bar, the search icon) covers it.
 */
async function expectPosUncovered(page: Page) {
  const covered = await page.evaluate(async () => {
    const pos = document.querySelector('[data-testid="pos"]')!;
    const targets = [
      ...pos.querySelectorAll<HTMLElement>(
        'input, button, label, [data-testid], .pos-total-row > span, .p-inputgroup-addon',
      ),
    ].filter((el) => {
      // Visually hidden labels (read by screen readers only) have a 1 px box.
      const r = el.getBoundingClientRect();
      return r.width > 2 && r.height > 2;
    });
    const problems: string[] = [];
    for (const el of targets) {
      el.scrollIntoView({ block: 'center', inline: 'center' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const r = el.getBoundingClientRect();
      for (const [x, y] of [
        [r.left + 2, r.top + r.height / 2],
        [r.right - 2, r.top + r.height / 2],
        [r.left + r.width / 2, r.top + r.height / 2],
      ] as const) {
        const top = document.elementFromPoint(x, y);
        if (top && top !== el && !el.contains(top) && !top.contains(el))
          problems.push(`${el.outerHTML.slice(0, 80)} sous ${top.outerHTML.slice(0, 80)}`);
      }
    }
    return problems;
  });
  expect(covered).toEqual([]);
  // The search icon ends before the text of the field starts (its placeholder).
  const input = page.getByLabel('Rechercher ou scanner un produit');
  const icon = page.locator('.pos-search .pi-search');
  const inputBox = (await input.boundingBox())!;
  const iconBox = (await icon.boundingBox())!;
  const padding = await input.evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft));
  expect(iconBox.x + iconBox.width).toBeLessThanOrEqual(inputBox.x + padding);
}

test('caisse : rien ne se recouvre de 360 px à 1366 px (boîtes des éléments)', async ({ page }) => {
  await loginAs(page, DEMO.gerant);
  await page.goto('/pages/ventes');
  await openRegisterSession(page);
  const search = page.getByLabel('Rechercher ou scanner un produit');
  await expect(search).toBeFocused();
  await page.keyboard.type(EAU, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pos-line')).toHaveCount(1);
  for (const width of [360, 414, 768, 1024, 1366]) {
    await page.setViewportSize({ width, height: width < 768 ? 740 : 800 });
    await expectPosUncovered(page);
    await expectNoSidewaysScroll(page);
  }
});

test('téléphone : la liste des dépenses en cartes, le montant de chacune visible, sans défilement horizontal', async ({
  page,
}) => {
  await loginAs(page, DEMO.gerant);
  await page.goto('/pages/depenses');
  const categories = await api<Array<{ id: number }>>(
    page,
    'GET',
    '/api/services/:shop/categories-depenses',
  );
  const libelle = `Carburant moto livraison ${Date.now().toString(36)}`;
  for (const montant of [2500, 1_250_000])
    await api(page, 'POST', '/api/services/:shop/depenses', {
      cleIdempotence: key(),
      categorieId: categories[0]!.id,
      libelle: `${libelle} ${montant}`,
      montant,
      date: new Date().toISOString().slice(0, 10),
      mode: 'virement',
    });
  await page.reload();
  const cards = page.getByTestId('depenses-cards').getByRole('listitem');
  await expect(cards.filter({ hasText: libelle })).toHaveCount(2);
  await expectNoSidewaysScroll(page);
  const count = await cards.count();
  for (let i = 0; i < count; i++) {
    const amount = cards.nth(i).locator('.card-list-amount');
    await amount.scrollIntoViewIfNeeded();
    await expect(amount).toHaveText(/^\d[\d\s]*\sFCFA$/);
    const box = await amount.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  }
  await expect(cards.filter({ hasText: `${libelle} 1250000` })).toContainText(/1\s250\s000\sFCFA/);
  // The filters folded behind one button, the page actions in one menu.
  await expect(page.getByLabel('Filtrer par catégorie')).toBeHidden();
  await page.getByRole('button', { name: 'Filtres' }).click();
  await expect(page.getByLabel('Filtrer par catégorie')).toBeVisible();
  await expectNoSidewaysScroll(page);
});
