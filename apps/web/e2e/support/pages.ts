import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './constants';

/** Page objects of the shell: the flows read as a person would do them. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/auth/login');
    await expect(this.page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  }

  async login(email: string, password = DEMO_PASSWORD) {
    await this.page.getByLabel('Adresse e-mail').fill(email);
    await this.page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Se connecter' }).click();
  }

  error() {
    return this.page.getByTestId('login-error');
  }
}

export class Shell {
  constructor(readonly page: Page) {}

  menu() {
    return this.page.getByTestId('layout-menu');
  }

  /** Every leaf of the side menu, in order: [label, route]. */
  async menuLeaves(): Promise<Array<[string, string]>> {
    return this.menu()
      .locator('a.layout-menuitem-link')
      .evaluateAll((links) =>
        links.map((a) => [
          a.querySelector('.layout-menuitem-text')?.textContent?.trim() ?? '',
          new URL((a as HTMLAnchorElement).href).pathname,
        ]),
      ) as Promise<Array<[string, string]>>;
  }

  posButton() {
    return this.page.getByTestId('pos-button');
  }

  shopSwitcher() {
    return this.page.getByTestId('shop-switcher');
  }

  brand() {
    return this.page.getByTestId('topbar-brand');
  }

  /** Another shop from the switcher: the page reloads in it. */
  async chooseShop(name: string) {
    await this.shopSwitcher().click();
    const reload = this.page.waitForEvent('load');
    await this.page.getByRole('option', { name }).click();
    await reload;
    await expect(this.brand()).toHaveText(name);
  }

  logoutButton() {
    return this.page.getByRole('button', { name: 'Se Déconnecter' });
  }

  async openConfig() {
    await this.page.getByRole('button', { name: 'Ouvrir la configuration' }).click();
    await expect(this.page.getByTestId('layout-config')).toBeVisible();
  }
}

export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<Shell> {
  const login = new LoginPage(page);
  await login.goto();
  await login.login(email, password);
  await expect(page).toHaveURL(/\/$/);
  const shell = new Shell(page);
  await expect(shell.menu()).toBeVisible();
  return shell;
}

/**
 * Types a search in a list and waits until the list shows its answer: the address holds the
 * search and the table is no longer loading. A row of the unfiltered list (the newest sale) can
 * already match: clicked then, the refresh's loading mask came between the press and the release
 * and the click went nowhere (proof runs of sessions 10 and 11).
 */
export async function searchList(
  page: Page,
  search: string,
  table: string,
  text: string,
): Promise<Locator> {
  await page.getByLabel(search).fill(text);
  const q = encodeURIComponent(text)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/%20/g, '\\+');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${q}(&|$)`));
  const list = page.getByTestId(table);
  await expect(list.locator('.p-datatable-loading-overlay')).toHaveCount(0);
  return list;
}

/** Searches a list and opens the row named `name`, once the list shows the search's answer. */
export async function openFromList(
  page: Page,
  search: string,
  table: string,
  name: string,
): Promise<void> {
  const list = await searchList(page, search, table, name);
  await list.getByRole('link', { name, exact: true }).click();
}
