import { expect, test } from '@playwright/test';

test('la page de présentation mène à la connexion', async ({ page }) => {
  await page.goto('/landing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/FCFA/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Se connecter' }).first().click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
