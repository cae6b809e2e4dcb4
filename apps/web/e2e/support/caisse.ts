import { expect, type Page } from '@playwright/test';
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
