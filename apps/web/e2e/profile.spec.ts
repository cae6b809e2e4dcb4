import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { PROFILE_USER, SESSIONS_USER } from './support/constants';
import { LoginPage, loginAs } from './support/pages';

test('profil : nom, photo et mot de passe', async ({ page }) => {
  await loginAs(page, PROFILE_USER.email, PROFILE_USER.password);
  await page.getByRole('link', { name: 'Paramètres' }).click();
  await expect(page).toHaveURL(/\/pages\/users\/user-profile$/);

  // Names: saved, and the top bar follows at once.
  await page.getByLabel('Prénom').fill('Mariama Aïssatou');
  await page.getByLabel('Téléphone').fill('pas un numéro');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText("Le numéro de téléphone n'est pas valide.")).toBeVisible();
  await page.getByLabel('Téléphone').fill('+221 77 123 45 67');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByTestId('user-name')).toHaveText('Mariama Aïssatou Ba');

  // Photo: an image is accepted, resized, and shown.
  const png = await sharp({
    create: { width: 900, height: 600, channels: 3, background: '#2a9d8f' },
  })
    .png()
    .toBuffer();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'moi.png', mimeType: 'image/png', buffer: png });
  const photo = page.getByTestId('profile-photo');
  await expect(photo).toHaveAttribute('src', /^\/api\/files\/[a-f0-9]{32}$/);
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(
    256,
  );

  // Password: the current one is checked, then every session ends and the new one works.
  await page.getByLabel('Mot de passe actuel').fill('pas-le-bon-mot');
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau-secret-du-profil-9');
  await page.getByLabel('Confirmation du nouveau mot de passe').fill('Nouveau-secret-du-profil-9');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByText('Le mot de passe actuel est incorrect.').first()).toBeVisible();
  await page.getByLabel('Mot de passe actuel').fill(PROFILE_USER.password);
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  const login = new LoginPage(page);
  await login.login(PROFILE_USER.email, PROFILE_USER.password);
  await expect(login.error()).toHaveText('Adresse e-mail ou mot de passe incorrect.');
  await loginAs(page, PROFILE_USER.email, 'Nouveau-secret-du-profil-9');
});

test('« Fermer toutes mes sessions » déconnecte aussi l’autre appareil', async ({
  page,
  browser,
}) => {
  const other = await browser.newContext();
  const phone = await other.newPage();
  await loginAs(phone, SESSIONS_USER.email, SESSIONS_USER.password);
  await loginAs(page, SESSIONS_USER.email, SESSIONS_USER.password);
  await page.getByRole('link', { name: 'Paramètres' }).click();
  await page.getByRole('button', { name: 'Fermer toutes mes sessions' }).click();
  await expect(
    page.getByText('Fermer toutes vos sessions, sur tous vos appareils ?'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Non' }).click();
  await expect(page).toHaveURL(/\/pages\/users\/user-profile$/);
  await page.getByRole('button', { name: 'Fermer toutes mes sessions' }).click();
  await page.getByRole('button', { name: 'Oui, tout fermer' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Toutes vos sessions sont fermées. Reconnectez-vous.')).toBeVisible();
  // The other device: its next call is refused, its refresh token too: back to the login screen.
  await phone.reload();
  await expect(phone).toHaveURL(/\/auth\/login$/);
  await other.close();
});
