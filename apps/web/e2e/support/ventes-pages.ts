import { expect, type Page } from '@playwright/test';
import { toast } from './prime';

/** Page objects of the back-office sale, the sales list and detail, the debts and the customer page. */

/** A French amount as the screens write it ("1 400 FCFA" with narrow no-break spaces). */
export const amount = (text: string) => new RegExp(`^\\s*${text.replace(/ /g, '\\s')}\\s*$`);

export class VenteOnelinePage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/pages/ventes-oneline');
    await expect(this.page.getByRole('heading', { name: 'Nouvelle vente' })).toBeVisible();
  }

  /** « Nouveau client »: a name and a phone, created on the spot and chosen for the sale. */
  async newClient(nom: string, telephone: string) {
    await this.page.getByRole('button', { name: 'Nouveau client' }).click();
    await this.page.getByLabel('Nom du client').fill(nom);
    await this.page.getByLabel('Téléphone du client').fill(telephone);
    await this.page.getByRole('button', { name: 'Créer le client' }).click();
    await expect(toast(this.page, `« ${nom} » a été ajouté.`)).toBeVisible();
    await expect(this.page.locator('[id="vente-client"]')).toHaveValue(nom);
  }

  /** Searches a product by name and takes the first match. */
  async addProduct(search: string, nom: string) {
    const input = this.page.getByLabel('Ajouter un article');
    await input.fill(search);
    await expect(this.page.locator('.p-autocomplete-panel').getByText(nom)).toBeVisible();
    await input.press('Enter');
    await expect(this.page.getByTestId('vente-lignes-saisie')).toContainText(nom);
  }

  async setQuantity(index: number, value: string) {
    const input = this.page.locator(`[id="ligne-${index}-quantite"]`);
    await input.click();
    await input.press('Control+a');
    await input.pressSequentially(value);
    await input.press('Tab');
  }

  total(label: 'Total TTC' | 'Payé' | 'Reste à payer') {
    return this.page.getByTestId(`total-${label}`);
  }

  /** « Ajouter un paiement » → Espèces: cash received for the whole rest by default. */
  async payRestInCash(zero = '0 FCFA') {
    await this.page
      .getByRole('group', { name: 'Ajouter un paiement' })
      .getByRole('button', { name: 'Espèces' })
      .click();
    await expect(this.total('Reste à payer')).toHaveText(amount(zero));
  }

  /** Saves the sale and returns its number (V-YYYY-NNNNNN; V-YYYY-CNN-NNNNNN on a register). */
  async save(): Promise<string> {
    await this.page.getByRole('button', { name: 'Enregistrer la vente' }).click();
    const done = this.page.getByTestId('vente-creee');
    await expect(done).toBeVisible();
    const numero = /V-\d{4}-(?:C\d{2}-)?\d{6}/.exec((await done.textContent()) ?? '')?.[0];
    expect(numero).toBeTruthy();
    return numero!;
  }
}

/** The quantity on hand shown on a product's page, as a number of units. */
export async function stockOf(page: Page): Promise<number> {
  const text = (await page.getByTestId('produit-quantite').textContent()) ?? '';
  const match = /(-?[\d\s\u202f\u00a0]+(?:,\d+)?)/.exec(text);
  return Number(match![1]!.replace(/[\s\u202f\u00a0]/g, '').replace(',', '.'));
}
