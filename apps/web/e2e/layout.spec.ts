import { expect, test } from '@playwright/test';
import { DEMO } from './support/constants';
import { loginAs } from './support/pages';

test.describe('mise en page et configuration', () => {
  test('l’échelle s’arrête à 12 et à 16', async ({ page }) => {
    const shell = await loginAs(page, DEMO.gerant);
    await shell.openConfig();
    const minus = page.getByRole('button', { name: "Diminuer l'échelle" });
    const plus = page.getByRole('button', { name: "Augmenter l'échelle" });
    const value = page.getByTestId('scale-value');
    await expect(value).toHaveText('14');
    await plus.click();
    await plus.click();
    await expect(value).toHaveText('16');
    await expect(plus).toBeDisabled();
    expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('16px');
    for (let i = 0; i < 4; i++) await minus.click();
    await expect(value).toHaveText('12');
    await expect(minus).toBeDisabled();
    await expect(plus).toBeEnabled();
    expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('12px');
  });

  test('le thème sombre et le menu en superposition s’appliquent', async ({ page }) => {
    const shell = await loginAs(page, DEMO.proprietaire);
    await shell.openConfig();
    const themeLink = page.locator('link#theme-css');
    await expect(themeLink).toHaveAttribute('href', /lara-light-blue/);
    await page
      .getByRole('button', { name: /sombre/ })
      .first()
      .click();
    await expect(themeLink).toHaveAttribute('href', /dark/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(200);

    await page.getByLabel('Superposé').check();
    await page.getByRole('button', { name: 'Fermer la configuration' }).click();
    const sidebar = page.locator('#layout-sidebar');
    await expect(sidebar).not.toBeInViewport();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(sidebar).toBeInViewport();
    // A click outside closes the overlay menu.
    await page.getByRole('main').click({ position: { x: 600, y: 300 } });
    await expect(sidebar).not.toBeInViewport();
  });

  test('à 375 px de large, le menu s’ouvre, navigue et se referme', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const shell = await loginAs(page, DEMO.gerant);
    const sidebar = page.locator('#layout-sidebar');
    await expect(sidebar).not.toBeInViewport();
    const topbar = page.locator('.layout-topbar');
    expect((await topbar.boundingBox())!.height).toBe(60);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(sidebar).toBeInViewport();
    await shell.menu().getByRole('link', { name: 'Tableau de bord' }).click();
    await expect(sidebar).not.toBeInViewport();
    await page.getByRole('button', { name: 'Menu utilisateur' }).click();
    await expect(shell.logoutButton()).toBeVisible();
  });
});
