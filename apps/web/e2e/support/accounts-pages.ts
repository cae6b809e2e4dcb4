import { expect, type Page } from '@playwright/test';
import { deNom } from '@comptoir/shared';
import { waitForMail } from './mail-catcher';
import { chooseOption, chooseOptions, toast, typeDay } from './prime';

/** Page objects of the accounts screens: users, shops, subscriptions, and the invitation. */

export interface NewUser {
  email: string;
  prenom: string;
  nom: string;
  /** Owner only: the manager's shops. */
  shops?: string[];
}

export class UsersPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/pages/users');
    await expect(this.page.getByTestId('users-table')).toBeVisible();
  }

  async create(user: NewUser, button: 'Nouvel utilisateur') {
    await this.page.getByRole('button', { name: button }).click();
    const dialog = this.page.locator('.p-dialog');
    await dialog.getByLabel('Adresse e-mail').fill(user.email);
    await dialog.getByLabel('Prénom').fill(user.prenom);
    await dialog.getByLabel('Nom', { exact: true }).fill(user.nom);
    if (user.shops) await chooseOptions(this.page, 'user-services', user.shops);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      toast(this.page, `Une invitation à choisir son mot de passe a été envoyée à ${user.email}.`),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
  }

  /** The owner invites an address to some of their shops (« Inviter un gérant »). */
  async invite(email: string, shops: string[]) {
    await this.page.getByRole('button', { name: 'Inviter un gérant' }).click();
    const dialog = this.page.locator('.p-dialog');
    await dialog.getByLabel('Adresse e-mail').fill(email);
    await chooseOptions(this.page, 'invite-services', shops);
    await dialog.getByRole('button', { name: "Envoyer l'invitation" }).click();
    await expect(toast(this.page, `Une invitation a été envoyée à ${email}.`)).toBeVisible();
    await expect(dialog).toBeHidden();
  }

  /** A row of « Invitations en attente ». */
  pendingRow(email: string) {
    return this.page
      .getByTestId('invitations-table')
      .locator('tbody tr')
      .filter({ hasText: email });
  }

  async search(text: string) {
    await this.page.getByLabel('Rechercher un utilisateur').fill(text);
    await expect(this.page).toHaveURL(/[?&]q=/);
  }

  row(text: string) {
    return this.page.getByTestId('users-table').locator('tbody tr').filter({ hasText: text });
  }
}

export interface NewShop {
  nom: string;
  ville: string;
  pays: string;
  devise: string;
}

export class ServicesPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/pages/services');
    await expect(this.page.getByTestId('services-table')).toBeVisible();
  }

  async create(shop: NewShop) {
    await this.page.getByRole('button', { name: 'Nouvelle boutique' }).click();
    const dialog = this.page.locator('.p-dialog');
    await dialog.getByLabel('Nom de la boutique').fill(shop.nom);
    await dialog.getByLabel('Ville').fill(shop.ville);
    await chooseOption(this.page, 'service-pays', shop.pays, shop.pays);
    await chooseOption(this.page, 'service-devise', new RegExp(`\\(${shop.devise}\\)`));
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(toast(this.page, 'Boutique créée')).toBeVisible();
    await expect(dialog).toBeHidden();
  }

  /** Opens a shop of the owner, changes its town and saves. */
  async editTown(nom: string, ville: string) {
    await this.page.getByRole('button', { name: `Modifier ${nom}` }).click();
    const dialog = this.page.locator('.p-dialog');
    await dialog.getByLabel('Ville').fill(ville);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  }
}

export interface NewSubscription {
  ownerEmail: string;
  plan: RegExp;
}

export class AbonnementsPage {
  constructor(private readonly page: Page) {}

  async gotoSubscriptions() {
    await this.page.goto('/pages/abonnements');
    await this.page.getByRole('tab', { name: 'Abonnements' }).click();
    await expect(this.page).toHaveURL(/tab=abonnements/);
    await expect(this.page.getByTestId('abonnements-table')).toBeVisible();
  }

  async create(sub: NewSubscription) {
    await this.page.getByRole('button', { name: 'Nouvel abonnement' }).click();
    const dialog = this.page.locator('.p-dialog');
    await chooseOption(
      this.page,
      'abonnement-owner',
      new RegExp(sub.ownerEmail.replace(/[.]/g, '\\.')),
      sub.ownerEmail,
      (q) =>
        this.page.waitForResponse((r) => {
          const url = new URL(r.url());
          return url.pathname === '/api/users' && url.searchParams.get('q') === q;
        }),
    );
    await chooseOption(this.page, 'abonnement-plan', sub.plan);
    await expect(dialog.getByLabel('Date de fin')).not.toHaveValue('');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(toast(this.page, 'Abonnement enregistré')).toBeVisible();
    await expect(dialog).toBeHidden();
  }

  async search(text: string) {
    await this.page.getByLabel('Rechercher un abonnement').fill(text);
    await expect(this.page).toHaveURL(/[?&]q=/);
  }

  row(text: string) {
    return this.page.getByTestId('abonnements-table').locator('tbody tr').filter({ hasText: text });
  }

  /** Changes the period of the subscription of that owner (days as dd/mm/yyyy). */
  async editPeriod(ownerName: string, debut: string, fin: string) {
    await this.page
      .getByRole('button', { name: `Modifier l'abonnement ${deNom(ownerName)}` })
      .click();
    const dialog = this.page.locator('.p-dialog');
    await typeDay(this.page, 'abonnement-debut', debut);
    await typeDay(this.page, 'abonnement-fin', fin);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(toast(this.page, 'Abonnement modifié')).toBeVisible();
    await expect(dialog).toBeHidden();
  }
}

/** The invitation mail's link, opened: the new user chooses a password. */
export async function acceptInvitation(
  page: Page,
  email: string,
  password: string,
  mailsBefore: number,
) {
  const mail = await waitForMail(email, mailsBefore);
  expect(mail.subject).toBe('Bienvenue sur Comptoir : choisissez votre mot de passe');
  const link = /https?:\/\/\S+\/auth\/reset-password\?key=\S+/.exec(mail.text)![0];
  await page.goto(link);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(password);
  await page.getByLabel('Confirmation du mot de passe').fill(password);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByTestId('reset-done')).toBeVisible();
}

/** The link of the n-th invitation mail to `email` received after `mailsBefore` mails. */
export async function invitationLink(email: string, mailsBefore: number): Promise<string> {
  const mail = await waitForMail(email, mailsBefore);
  expect(mail.subject).toMatch(/ vous invite sur Comptoir$/);
  return /https?:\/\/\S+\/auth\/invitation\?key=\S+/.exec(mail.text)![0];
}

/** A new account accepts a manager's invitation: names, password; the session opens. */
export async function acceptAsNewManager(
  page: Page,
  link: string,
  person: { prenom: string; nom: string; password: string },
) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Créez votre compte' })).toBeVisible();
  await page.getByLabel('Prénom').fill(person.prenom);
  await page.getByLabel('Nom', { exact: true }).fill(person.nom);
  await page.getByLabel('Choisissez un mot de passe', { exact: true }).fill(person.password);
  await page.getByLabel('Confirmation du mot de passe').fill(person.password);
  await page.getByRole('button', { name: 'Créer mon compte et accepter' }).click();
  await expect(page).toHaveURL(/\/$/);
}
