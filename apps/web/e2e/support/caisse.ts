import { expect, type Page } from '@playwright/test';

/**
 * The point of sale asks to open a session on this device's register before the first sale
 * (features/caisses). On /pages/ventes: opens it with `fond` (major units, e.g. « 10000 ») when
 * it is not open yet — another test may have opened it already — and waits for the POS.
 */
export async function openRegisterSession(page: Page, fond = '0'): Promise<void> {
  const search = page.getByLabel('Rechercher ou scanner un produit');
  const form = page.getByTestId('caisse-ouverture');
  await expect(search.or(form)).toBeVisible();
  if (await form.isVisible()) {
    const input = page.locator('[id="caisse-fond"]');
    await input.click();
    await input.press('Control+a');
    await input.pressSequentially(fond);
    await form.getByRole('button', { name: 'Ouvrir la caisse' }).click();
  }
  await expect(search).toBeVisible();
}
