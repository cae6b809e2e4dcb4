import { expect, type Page } from '@playwright/test';
import { ProductsPage } from './catalogue-pages';
import { DEMO } from './constants';
import { loginAs, type Shell } from './pages';

/**
 * Helpers of the specs of long work (big imports and exports): the page is used while a request
 * is held, and every step a line shows is recorded as the page draws it.
 */

/** The products of the shop in euros, as its owner: big files stay out of the FCFA shop the other specs sell in. */
export async function produitsEnEuros(
  page: Page,
): Promise<{ shell: Shell; produits: ProductsPage }> {
  const shell = await loginAs(page, DEMO.proprietaire);
  await shell.chooseShop('Épicerie Lyon Croix-Rousse');
  const produits = new ProductsPage(page);
  await produits.goto();
  return { shell, produits };
}

/** The page answers: the shop menu opens and closes. */
export async function pageRepond(page: Page, shell: Shell) {
  await shell.shopSwitcher().click();
  const option = page
    .getByRole('listbox')
    .getByRole('option', { name: 'Épicerie Lyon Croix-Rousse' });
  await expect(option).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(option).toBeHidden();
}

/** A gate a held request waits at, opened by the test. */
export function barriere() {
  let ouvrir = () => {};
  const ouverte = new Promise<void>((resolve) => (ouvrir = resolve));
  return { ouverte, ouvrir };
}

/**
 * Holds the script of the Excel worker (lib/xlsx.worker.ts) until `ouvrir()`: what it reads or
 * writes is surely under way meanwhile. `demande()` says whether the page has asked for it.
 */
export async function retenirWorkerExcel(page: Page) {
  const { ouverte, ouvrir } = barriere();
  let demande = false;
  await page.route(
    (url) => /\/xlsx\.worker-[^/]+\.js$/.test(url.pathname),
    async (route) => {
      demande = true;
      await ouverte;
      await route.continue();
    },
  );
  return { demande: () => demande, ouvrir };
}

/**
 * Records every text the element of this id shows, in order, as the page draws it; once the
 * page's text matches `fin`, a last entry « (fin) » (read back by `textesNotes`).
 */
export async function noterTextes(page: Page, id: string, fin?: RegExp) {
  await page.evaluate(
    ({ id, fin }) => {
      const seen: string[] = [];
      (window as unknown as { textesNotes: string[] }).textesNotes = seen;
      const finale = fin ? new RegExp(fin) : null;
      new MutationObserver(() => {
        if (seen.at(-1) === '(fin)') return;
        const text = document.getElementById(id)?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
        if (finale?.test(document.body.textContent ?? '')) seen.push('(fin)');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    { id, fin: fin?.source },
  );
}

export function textesNotes(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { textesNotes: string[] }).textesNotes);
}
