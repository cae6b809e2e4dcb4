import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  AbonnementsPage,
  ServicesPage,
  UsersPage,
  acceptAsNewManager,
  acceptInvitation,
  invitationLink,
} from './support/accounts-pages';
import { DEMO } from './support/constants';
import { mailCount } from './support/mail-catcher';
import { Shell, loginAs } from './support/pages';
import { toast } from './support/prime';

/** Days as the server counts them (UTC), typed and read as dd/mm/yyyy. */
const dayUtc = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const frenchDay = (iso: string) => iso.split('-').reverse().join('/');

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('comptes : propriétaire invité et abonné, boutique en FCFA, gérant, abonnement échu', async ({
  page: admin,
  browser,
}) => {
  // A long flow (three people, five screens) on a busy machine.
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  const owner = {
    email: `proprio-${run}@comptoir.test`,
    prenom: 'Aminata',
    nom: `Ndiaye ${run}`,
    password: 'Boutique-de-Aminata-2026',
  };
  const manager = {
    email: `gerant-${run}@comptoir.test`,
    prenom: 'Moussa',
    nom: `Diallo ${run}`,
    password: 'Caisse-de-Moussa-2026',
  };
  const shop = `Boutique Médina ${run}`;

  // The administrator creates the owner, who is invited by e-mail…
  await loginAs(admin, DEMO.admin);
  const adminUsers = new UsersPage(admin);
  await adminUsers.goto();
  const mailsBeforeOwner = await mailCount();
  await adminUsers.create(owner, 'Nouvel utilisateur');
  await adminUsers.search(owner.email);
  await expect(adminUsers.row(owner.email)).toContainText('Propriétaire');
  await expect(adminUsers.row(owner.email)).toContainText('Invitation en attente');
  await expect(adminUsers.row(owner.email)).toContainText('Jamais');
  // The list state lives in the URL: a reload shows the same search.
  await admin.reload();
  await expect(admin.getByLabel('Rechercher un utilisateur')).toHaveValue(owner.email);
  await expect(adminUsers.row(owner.email)).toHaveCount(1);

  // … and subscribes them to the demo plan.
  const subscriptions = new AbonnementsPage(admin);
  await subscriptions.gotoSubscriptions();
  await subscriptions.create({ ownerEmail: owner.email, plan: /^Commerce/ });
  await subscriptions.search(owner.email);
  await expect(subscriptions.row(owner.email)).toContainText('Active');
  await expect(subscriptions.row(owner.email)).toContainText('60 000 FCFA');

  // The owner chooses a password from the invitation, signs in and opens a shop in FCFA.
  const ownerPage = await newPage(browser);
  await acceptInvitation(ownerPage, owner.email, owner.password, mailsBeforeOwner);
  const ownerShell = await loginAs(ownerPage, owner.email, owner.password);
  await expect(ownerShell.brand()).toHaveText('COMPTOIR');
  await expect(ownerPage.getByTestId('subscription-banner')).toHaveCount(0);
  const ownerShops = new ServicesPage(ownerPage);
  await ownerShops.goto();
  await ownerShops.create({ nom: shop, ville: 'Dakar', pays: 'Sénégal', devise: 'XOF' });
  await expect(ownerPage.getByTestId('services-table')).toContainText(shop);

  // The switcher lists the new shop at once; choosing it makes it the current shop.
  await ownerShell.shopSwitcher().click();
  await ownerPage.locator('.p-dropdown-panel').getByRole('option', { name: shop }).click();
  await expect(ownerShell.brand()).toHaveText(shop);

  // The owner invites a manager to that shop: pending until the invitee accepts.
  const ownerUsers = new UsersPage(ownerPage);
  await ownerUsers.goto();
  const mailsBeforeManager = await mailCount();
  await ownerUsers.invite(manager.email, [shop]);
  await expect(ownerUsers.pendingRow(manager.email)).toContainText(shop);
  await expect(ownerUsers.row(manager.email)).toHaveCount(0);

  // The manager creates their account from the link and is signed in, in that shop only; the
  // owners' screens are closed to them.
  const managerPage = await newPage(browser);
  const link = await invitationLink(manager.email, mailsBeforeManager);
  await acceptAsNewManager(managerPage, link, manager);
  const managerShell = new Shell(managerPage);
  await expect(managerShell.brand()).toHaveText(shop);
  await expect(managerShell.shopSwitcher()).toHaveCount(0);
  await expect(managerPage.getByTestId('dashboard-shop')).toHaveText(shop);
  await ownerPage.reload();
  await expect(ownerUsers.row(manager.email)).toContainText(shop);
  await expect(ownerUsers.row(manager.email)).toContainText('Gérant');
  await expect(ownerUsers.pendingRow(manager.email)).toHaveCount(0);
  await managerPage.goto('/pages/services');
  await expect(managerPage).toHaveURL(/\/auth\/access$/);

  // The administrator moves the subscription's end to yesterday.
  await subscriptions.editPeriod(
    `${owner.prenom} ${owner.nom}`,
    frenchDay(dayUtc(-40)),
    frenchDay(dayUtc(-1)),
  );
  await expect(subscriptions.row(owner.email)).toContainText('Expirée');

  // The owner sees the banner, and a change to the shop is refused in French.
  await ownerPage.reload();
  const banner = ownerPage.getByTestId('subscription-banner');
  await expect(banner).toContainText(`Votre abonnement a pris fin le ${frenchDay(dayUtc(-1))}`);
  await expect(banner).toContainText('vous pouvez consulter vos données, mais plus les modifier');
  await ownerShops.goto();
  await ownerShops.editTown(shop, 'Thiès');
  await expect(
    toast(
      ownerPage,
      `Votre abonnement a pris fin le ${frenchDay(dayUtc(-1))} : les modifications sont bloquées.`,
    ),
  ).toBeVisible();
  await expect(ownerPage.getByRole('dialog')).toBeVisible();
});
