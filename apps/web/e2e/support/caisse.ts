import { expect, type Locator, type Page } from '@playwright/test';
import { api } from './api';
import { DEMO } from './constants';
import { loginAs } from './pages';

/**
 * The point of sale asks this device to choose its register, then to open a session on it,
 * before the first sale (features/caisses). On /pages/ventes: chooses `caisse` (default: the
 * first register listed) when the device has none yet — confirming when another device holds it
 * (the specs' browsers share the demo shop's registers) —, opens the session with `fond` (major
 * units, e.g. « 10000 ») when it is not open yet — another test may have opened it already — and
 * waits for the POS.
 */
export async function openRegisterSession(page: Page, fond = '0', caisse?: string): Promise<void> {
  const search = page.getByLabel('Rechercher ou scanner un produit');
  const form = page.getByTestId('caisse-ouverture');
  const choix = page.getByTestId('caisse-choix');
  await expect(search.or(form).or(choix)).toBeVisible();
  if (await choix.isVisible()) {
    const buttons = choix.getByRole('button', {
      name: caisse ? `Vendre sur « ${caisse} »` : /^Vendre sur/,
    });
    await buttons.first().click();
    const confirmer = choix.getByRole('button', { name: 'Choisir quand même' });
    await expect(search.or(form).or(confirmer)).toBeVisible();
    if (await confirmer.isVisible()) await confirmer.click();
    await expect(search.or(form)).toBeVisible();
  }
  if (await form.isVisible()) {
    const input = page.locator('[id="caisse-fond"]');
    await input.click();
    await input.press('Control+a');
    await input.pressSequentially(fond);
    await form.getByRole('button', { name: 'Ouvrir la caisse' }).click();
  }
  await expect(search).toBeVisible();
}

/** « Épicerie Lyon Croix-Rousse », the second demo shop: offline specs sell there, off the
 * dashboard counts of « Boutique Dakar Plateau » that other specs read while they sell. */
export const LYON = 'Épicerie Lyon Croix-Rousse';

/** Signs in as the demo owner and switches to the Lyon shop. */
export async function ownerInLyon(page: Page): Promise<void> {
  const shell = await loginAs(page, DEMO.proprietaire);
  await shell.shopSwitcher().click();
  const reload = page.waitForEvent('load');
  await page.getByRole('option', { name: LYON }).click();
  await reload;
  await expect(shell.brand()).toHaveText(LYON);
}

/**
 * A register of the test's own, added through the API (no device holds it): its series starts at
 * 1; `numero(n)` is the number its till gives sale n (V-2026-C07-000001).
 */
export async function registerOfTest(page: Page, nom: string) {
  const caisse = await api<{ id: number }>(page, 'POST', '/api/services/:shop/caisses', { nom });
  const serie = await api<{ code: string; prefixe: string; annee: number }>(
    page,
    'GET',
    `/api/services/:shop/caisses/${caisse.id}/synchro`,
  );
  const numero = (n: number) =>
    `${serie.prefixe}-${serie.annee}-${serie.code}-${String(n).padStart(6, '0')}`;
  return { id: caisse.id, nom, code: serie.code, numero };
}

/**
 * A product of the test's own, without VAT, 1 500 the unit (15,00 € in Lyon), its barcode
 * generated; `stock` in thousandths of the unit.
 */
export async function productOfTest(page: Page, nom: string, stock: number) {
  const unite = (await api<{ items: Array<{ id: number }> }>(page, 'GET', '/api/unites')).items[0]!;
  return api<{ id: number; codeBarres: string }>(page, 'POST', '/api/services/:shop/produits', {
    nom,
    uniteId: unite.id,
    prixVente: 1500,
    prixAchat: 1000,
    tauxTva: 0,
    stockInitial: stock,
  });
}

/**
 * At the POS, online or not: the product `code` scanned, paid 100 € in cash (more than the
 * total); the receipt names `numero` and its print is over; F6: next sale.
 */
export async function sellInCash(page: Page, code: string, numero: string): Promise<void> {
  await expect(page.getByLabel('Rechercher ou scanner un produit')).toBeFocused();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pos-line')).toHaveCount(1);
  await page.keyboard.press('F9');
  const pay = page.getByRole('dialog', { name: /Paiement/ });
  await expect(pay.getByLabel('Montant reçu')).toBeFocused();
  await page.keyboard.type('100');
  await expect(pay.getByTestId('pay-reste')).toHaveText(/^\s*0(,00)?\s€\s*$/);
  await page.keyboard.press('Control+Enter');
  const done = page.getByRole('dialog', { name: `Vente ${numero} enregistrée` });
  await expect(done.getByTestId('receipt')).toContainText(numero);
  await receiptPrinted(page, done);
  await page.keyboard.press('F6');
  await expect(done).toBeHidden();
}

/**
 * The receipt the « Vente … enregistrée » dialog `done` shows has been printed, and the print is
 * over. The copy rendered for the printer names this sale (the node keeps the previous sale's
 * copy until the next print, which starts a moment after the dialog shows), and the page has left
 * print mode. A cashier's print dialog takes the keyboard meanwhile; headless Chromium 156 returns
 * from print() at once and still delivers keys (measured in session 20), so the wait mostly
 * ensures the next key acts on a sale whose print has run.
 */
export async function receiptPrinted(page: Page, done: Locator): Promise<void> {
  const label = await done.getByTestId('receipt').getAttribute('aria-label');
  expect(label).toMatch(/^Ticket /);
  await expect(page.locator('#receipt-print-root').getByTestId('receipt')).toHaveAttribute(
    'aria-label',
    label!,
  );
  await expect(page.locator('html')).not.toHaveClass(/receipt-printing/);
}

/**
 * The service worker holds the app (the device can reload without the network). An install that
 * failed is asked for again every minute (app/copie-hors-ligne.ts): the wait covers two tries, then
 * fails naming the worker's state (one run of session 20 waited nine minutes without a controller).
 */
export async function appOnDevice(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 150_000,
    });
  } catch (error) {
    const state = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return r
        ? `installing: ${r.installing?.state}, waiting: ${r.waiting?.state}, active: ${r.active?.state}`
        : 'aucun enregistrement';
    });
    throw new Error(`Aucun service worker ne tient la page (${state})`, { cause: error });
  }
}
