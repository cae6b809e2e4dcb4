import { expect, type Page } from '@playwright/test';
import { toast } from './prime';

/** Page objects of the purchase screens (/pages/approvisionnements…) and the supplier's page. */

/** Types a number into a PrimeReact InputNumber or a line's field, replacing what it holds. */
export async function typeNumber(page: Page, id: string, value: string) {
  const input = page.locator(`[id="${id}"]`);
  await input.click();
  await input.press('Control+a');
  await input.pressSequentially(value);
  await input.press('Tab');
}

export class AchatSaisiePage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/pages/approvisionnements');
    await expect(
      this.page.getByRole('heading', { name: 'Nouvel approvisionnement' }),
    ).toBeVisible();
  }

  /** « Nouveau fournisseur »: a name and a phone, created on the spot and chosen. */
  async newSupplier(nom: string, telephone: string) {
    await this.page.getByRole('button', { name: 'Nouveau fournisseur' }).click();
    await this.page.getByLabel('Nom du fournisseur').fill(nom);
    await this.page.getByLabel('Téléphone du fournisseur').fill(telephone);
    await this.page.getByRole('button', { name: 'Créer le fournisseur' }).click();
    await expect(toast(this.page, `« ${nom} » a été ajouté.`)).toBeVisible();
    await expect(this.page.locator('[id="achat-fournisseur"]')).toHaveValue(nom);
  }

  /** Picks an existing supplier by name. */
  async supplier(nom: string) {
    const input = this.page.locator('[id="achat-fournisseur"]');
    await input.fill(nom);
    await this.page.locator('.p-autocomplete-panel').getByText(nom).click();
    await expect(input).toHaveValue(nom);
  }

  /** « Nouveau produit » on a line: name, unit cost and sale price. */
  async newProduct(nom: string, cout: string, prixVente: string) {
    await this.page.getByRole('button', { name: 'Nouveau produit' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Nouveau produit' });
    await dialog.getByLabel('Nom', { exact: true }).fill(nom);
    await typeNumber(this.page, 'np-cout', cout);
    await typeNumber(this.page, 'np-prix', prixVente);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.lines()).toContainText(nom);
  }

  /** Searches a product by name and takes the first match (its last cost is proposed). */
  async addProduct(search: string, nom: string) {
    const input = this.page.getByLabel('Ajouter un produit');
    await input.fill(search);
    await expect(this.page.locator('.p-autocomplete-panel').getByText(nom)).toBeVisible();
    await input.press('Enter');
    await expect(this.lines()).toContainText(nom);
  }

  lines() {
    return this.page.getByTestId('achat-lignes');
  }

  async setLine(index: number, quantite: string, cout?: string) {
    await typeNumber(this.page, `achat-ligne-${index}-quantite`, quantite);
    if (cout !== undefined) await typeNumber(this.page, `achat-ligne-${index}-cout`, cout);
  }

  total(
    label: 'Remises' | 'Marchandises' | 'Frais' | 'Total' | 'Payé' | 'Reste dû au fournisseur',
  ) {
    return this.page.getByTestId(`total-${label}`);
  }

  /** « Ajouter un paiement » → Espèces, for `montant` (the rest stays owed). */
  async payCash(montant: string) {
    await this.page
      .getByRole('group', { name: 'Ajouter un paiement' })
      .getByRole('button', { name: 'Espèces' })
      .click();
    const row = this.page.getByRole('group', { name: /Paiement 1 : Espèces/ });
    const id = await row.locator('input').first().getAttribute('id');
    await typeNumber(this.page, id!, montant);
  }

  /** « Valider l'achat » and returns its number (A-YYYY-NNNNNN). */
  async validate(): Promise<string> {
    await this.page.getByRole('button', { name: 'Valider l’achat' }).click();
    const done = this.page.getByTestId('achat-enregistre');
    await expect(done).toContainText('validé');
    const numero = /A-\d{4}-\d{6}/.exec((await done.textContent()) ?? '')?.[0];
    expect(numero).toBeTruthy();
    return numero!;
  }
}

/**
 * A call to the API from the page, as the app makes it (session token, anti-forgery header); the
 * current shop's id replaces `{service}` in `path`.
 */
export async function apiCall(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const service = JSON.parse(localStorage.getItem('service') ?? '{}') as { id: number };
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const r = await fetch(path.replace('{service}', String(service.id)), {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('token') ?? ''}`,
          'x-xsrf-token': decodeURIComponent(xsrf),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, body: await r.json() };
    },
    { method, path, body },
  );
}
