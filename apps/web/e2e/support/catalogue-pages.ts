import { expect, type Page } from '@playwright/test';
import { chooseOption, toast } from './prime';

/** Page objects of the catalogue screens: categories, products, a product's detail. */

/** A valid EAN-13 drawn from `seed` (12 digits, then the GS1 check digit). */
export function ean13(seed: number): string {
  const body = `60${String(seed).padStart(10, '0').slice(-10)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export class CategoriesPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/pages/categories');
    await expect(this.page.getByTestId('categories-table')).toBeVisible();
  }

  async create(nom: string) {
    await this.page.getByRole('button', { name: 'Nouvelle catégorie' }).click();
    const dialog = this.page.locator('.p-dialog');
    await dialog.getByLabel('Nom').fill(nom);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(toast(this.page, 'Catégorie créée')).toBeVisible();
    await expect(dialog).toBeHidden();
  }
}

export interface NewProduct {
  nom: string;
  codeBarres: string;
  categorie: string;
  unite: string;
  prixVente: string;
  stockInitial: string;
}

export class ProductFormPage {
  constructor(private readonly page: Page) {}

  async gotoAdd() {
    await this.page.goto('/pages/produits/add');
    await expect(this.page.getByRole('heading', { name: 'Nouveau produit' })).toBeVisible();
    await expect(this.page.getByLabel('Code-barres')).toBeVisible();
  }

  /** Types the code then Enter, as a scanner does: the form stays, the next field takes the focus. */
  async scan(code: string) {
    const field = this.page.getByLabel('Code-barres');
    await field.click();
    await field.pressSequentially(code);
    await field.press('Enter');
    await expect(this.page.locator('[id="produit-categorieId"]')).toBeFocused();
  }

  async fill(p: NewProduct) {
    await this.page.getByLabel('Nom', { exact: true }).fill(p.nom);
    await this.scan(p.codeBarres);
    await expect(this.page).toHaveURL(/\/pages\/produits\/add$/);
    // Exactly this category: other specs create categories whose names start the same way.
    const exact = new RegExp(`^${p.categorie.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    await chooseOption(this.page, 'produit-categorieId', exact, p.categorie);
    await chooseOption(this.page, 'produit-uniteId', p.unite);
    await this.typeNumber('produit-prixVente', p.prixVente);
    await this.typeNumber('produit-stockInitial', p.stockInitial);
  }

  async typeNumber(id: string, value: string) {
    const input = this.page.locator(`[id="${id}"]`);
    await input.click();
    await input.pressSequentially(value);
  }

  async save() {
    await this.page.getByRole('button', { name: 'Enregistrer' }).click();
  }
}

export class ProductsPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/pages/produits');
    await expect(this.page.getByTestId('produits-table')).toBeVisible();
  }

  async search(text: string) {
    await this.page.getByLabel('Rechercher un produit').fill(text);
    await expect(this.page).toHaveURL(/[?&]q=/);
  }

  row(text: string) {
    return this.page.getByTestId('produits-table').locator('tbody tr').filter({ hasText: text });
  }
}

export class ProductDetailPage {
  constructor(private readonly page: Page) {}

  quantity() {
    return this.page.getByTestId('produit-quantite');
  }

  movements() {
    return this.page.getByTestId('mouvements-table').locator('tbody tr');
  }

  async adjust(sens: 'Entrée en stock' | 'Sortie de stock', quantite: string, motif: string) {
    await this.page.getByRole('button', { name: 'Ajuster le stock' }).click();
    const dialog = this.page.locator('.p-dialog');
    await dialog.getByRole('button', { name: sens }).click();
    const input = dialog.locator('[id="ajustement-quantite"]');
    await input.click();
    await input.pressSequentially(quantite);
    await dialog.getByLabel('Motif').fill(motif);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(toast(this.page, 'Stock ajusté')).toBeVisible();
    await expect(dialog).toBeHidden();
  }
}
