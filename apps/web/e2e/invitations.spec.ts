import { expect, test, type Browser, type Page } from '@playwright/test';
import { UsersPage, acceptAsNewManager, invitationLink } from './support/accounts-pages';
import { DEMO, INVITED_ACCOUNT } from './support/constants';
import { mailCount } from './support/mail-catcher';
import { loginAs } from './support/pages';
import { toast } from './support/prime';

const DAKAR = 'Boutique Dakar Plateau';
const LYON = 'Épicerie Lyon Croix-Rousse';
const REFUSED =
  "Ce lien d'invitation est invalide, a déjà servi, a été annulé ou a expiré. Demandez une nouvelle invitation.";

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('invitations : renvoyer (l’ancien lien est refusé), nouveau compte, compte existant, annuler', async ({
  page: owner,
  browser,
}) => {
  const run = Date.now().toString(36);
  const newcomer = {
    email: `nouveau-${run}@comptoir.test`,
    prenom: 'Binta',
    nom: `Kane ${run}`,
    password: 'Gerante-de-Dakar-2026',
  };
  await loginAs(owner, DEMO.proprietaire);
  const users = new UsersPage(owner);
  await users.goto();

  // The owner invites a new address to Dakar, then sends the invitation again.
  const beforeFirst = await mailCount();
  await users.invite(newcomer.email, [DAKAR]);
  const first = await invitationLink(newcomer.email, beforeFirst);
  await expect(users.pendingRow(newcomer.email)).toContainText(DAKAR);
  const beforeSecond = await mailCount();
  await owner.getByRole('button', { name: `Renvoyer l'invitation à ${newcomer.email}` }).click();
  await expect(toast(owner, 'Invitation renvoyée')).toBeVisible();
  const second = await invitationLink(newcomer.email, beforeSecond);
  expect(second).not.toBe(first);

  // The first link no longer works; the second creates the account, a manager of Dakar.
  const invitee = await newPage(browser);
  await invitee.goto(first);
  await expect(invitee.getByTestId('invitation-error')).toHaveText(REFUSED);
  await acceptAsNewManager(invitee, second, newcomer);
  await expect(invitee.getByTestId('dashboard-shop')).toHaveText(DAKAR);
  await owner.reload();
  await expect(users.pendingRow(newcomer.email)).toHaveCount(0);
  await users.search(newcomer.email);
  await expect(users.row(newcomer.email)).toContainText(DAKAR);

  // An address that has an account: the same answer to the owner, then the account's password.
  await users.goto();
  const beforeAccount = await mailCount();
  await users.invite(INVITED_ACCOUNT.email, [LYON]);
  await expect(users.pendingRow(INVITED_ACCOUNT.email)).toContainText(LYON);
  const link = await invitationLink(INVITED_ACCOUNT.email, beforeAccount);
  const existing = await newPage(browser);
  await existing.goto(link);
  await expect(existing.getByRole('heading', { name: 'Rejoignez une équipe' })).toBeVisible();
  await expect(existing.getByLabel('Adresse e-mail')).toHaveValue(INVITED_ACCOUNT.email);
  await existing.getByLabel('Mot de passe de votre compte').fill('Pas-le-bon-mot-de-passe-1');
  await existing.getByRole('button', { name: 'Accepter et me connecter' }).click();
  await expect(existing.getByTestId('invitation-error')).toHaveText(
    'Adresse e-mail ou mot de passe incorrect.',
  );
  await existing.getByLabel('Mot de passe de votre compte').fill(INVITED_ACCOUNT.password);
  await existing.getByRole('button', { name: 'Accepter et me connecter' }).click();
  await expect(existing).toHaveURL(/\/$/);
  await expect(existing.getByTestId('dashboard-shop')).toHaveText(LYON);

  // A cancelled invitation leaves the list and its link is refused.
  await owner.reload();
  await expect(users.pendingRow(INVITED_ACCOUNT.email)).toHaveCount(0);
  const cancelled = `annule-${run}@comptoir.test`;
  const beforeCancelled = await mailCount();
  await users.invite(cancelled, [DAKAR]);
  const dead = await invitationLink(cancelled, beforeCancelled);
  await owner.getByRole('button', { name: `Annuler l'invitation à ${cancelled}` }).click();
  await owner.getByRole('button', { name: "Annuler l'invitation", exact: true }).click();
  await expect(toast(owner, 'Invitation annulée')).toBeVisible();
  await expect(users.pendingRow(cancelled)).toHaveCount(0);
  await invitee.goto(dead);
  await expect(invitee.getByTestId('invitation-error')).toHaveText(REFUSED);
});
