import { expect, test } from '@playwright/test';
import { RESET_USER } from './support/constants';
import { mailCount, waitForMail } from './support/mail-catcher';
import { LoginPage, loginAs } from './support/pages';

test('mot de passe oublié : e-mail reçu, lien, nouveau mot de passe ; l’ancien ne marche plus', async ({
  page,
}) => {
  const before = await mailCount();
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  // The login page, kept on screen while the reset screen's chunk loads, has its own « Adresse
  // e-mail »: the reset form is waited for, and filled within.
  const form = page.getByRole('form', { name: 'Mot de passe oublié' });
  await form.getByLabel('Adresse e-mail').fill(RESET_USER.email);
  await form.getByRole('button', { name: /envoyer/i }).click();
  await expect(page.getByText(/Si un compte correspond à cette adresse/)).toBeVisible();

  const mail = await waitForMail(RESET_USER.email, before);
  expect(mail.subject).toBe('Réinitialisation de votre mot de passe Comptoir');
  const link = /https?:\/\/\S+\/auth\/reset-password\?key=\S+/.exec(mail.text)![0];
  await page.goto(link);
  const nouveau = 'Un-nouveau-mot-de-passe-2026';
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(nouveau);
  await page.getByLabel('Confirmation du mot de passe').fill(nouveau);
  await page.getByRole('button', { name: /enregistrer|valider|modifier/i }).click();
  await expect(page.getByText(/Votre mot de passe a été modifié/)).toBeVisible();

  const login = new LoginPage(page);
  await login.goto();
  await login.login(RESET_USER.email, RESET_USER.password);
  await expect(login.error()).toHaveText('Adresse e-mail ou mot de passe incorrect.');
  await loginAs(page, RESET_USER.email, nouveau);
  await expect(page.getByRole('main')).toContainText('Ibrahima Fall');

  // The link served once: opening it again is refused.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Encore-un-autre-mot-2026');
  await page.getByLabel('Confirmation du mot de passe').fill('Encore-un-autre-mot-2026');
  await page.getByRole('button', { name: /enregistrer|valider|modifier/i }).click();
  await expect(page.getByText(/invalide, a déjà servi ou a expiré/)).toBeVisible();
});
