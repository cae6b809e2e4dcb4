import { expect, test } from '@playwright/test';
import { deNom } from '@comptoir/shared';
import { openRegisterSession } from './support/caisse';
import { DEMO } from './support/constants';
import { loginAs, openFromList, searchList } from './support/pages';
import { toast, typeDay } from './support/prime';
import { VenteOnelinePage, amount } from './support/ventes-pages';

test('dettes : vente à crédit à un nouveau client, la dette apparaît, un règlement du tout la solde, le client ne doit plus rien', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const nom = `Client crédit ${run}`;
  const telephone = `77${String(Date.now() % 10_000_000).padStart(7, '0')}`;

  // The owner writes a sale for a new customer: nothing paid, the rest due in a month.
  await loginAs(page, DEMO.proprietaire);
  const vente = new VenteOnelinePage(page);
  await vente.goto();
  await vente.newClient(nom, telephone);
  await vente.addProduct('creme fraiche', 'Crème fraîche 20 cl');
  await vente.setQuantity(0, '2');
  await expect(vente.total('Total TTC')).toHaveText(amount('1 800 FCFA'));
  await expect(vente.total('Reste à payer')).toHaveText(amount('1 800 FCFA'));
  // Without a due date the rest is refused before sending.
  await page.getByRole('button', { name: 'Enregistrer la vente' }).click();
  await expect(page.getByText("Choisissez la date d'échéance du reste à payer.")).toBeVisible();
  const echeance = new Date(Date.now() + 30 * 86_400_000);
  await typeDay(
    page,
    'vente-echeance',
    echeance.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' }),
  );
  const numero = await vente.save();

  // The debt is in /pages/dettes with its amount.
  await page.goto('/pages/dettes');
  const dettes = await searchList(page, 'Rechercher un client', 'dettes-table', nom);
  const row = dettes.locator('tbody tr').filter({ hasText: nom });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/1\s800\sFCFA/);
  await row.getByRole('link', { name: nom }).click();
  await expect(page.getByRole('heading', { name: `Dettes ${deNom(nom)}` })).toBeVisible();
  await expect(page.getByTestId('solde-encours')).toHaveText(amount('1 800 FCFA'));
  const dette = page.getByTestId('dettes-client').locator('tbody tr').filter({ hasText: numero });
  await expect(dette).toContainText('En cours');

  // A repayment of the whole amount, in cash, into a register with an open session.
  const compte = page.url();
  await page.goto('/pages/ventes');
  await openRegisterSession(page);
  await page.goto(compte);
  await page.getByRole('button', { name: 'Enregistrer un règlement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enregistrer un règlement' });
  await expect(dialog.getByLabel('Montant')).toHaveValue(/1\s800\sFCFA/);
  await expect(dialog.getByLabel('Caisse qui encaisse')).toBeVisible();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Règlement enregistré')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('solde-encours')).toHaveText(amount('0 FCFA'));
  await expect(dette).toContainText('Soldée');
  await expect(page.getByTestId('reglements-client')).toContainText(
    new RegExp(`${numero} : 1\\s800\\sFCFA`),
  );

  // The customer no longer owes anything: out of the debts list, zero on the customer page.
  await page.goto('/pages/dettes');
  await page.getByLabel('Rechercher un client').fill(nom);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(
    page.getByTestId('dettes-table').locator('tbody tr').filter({ hasText: nom }),
  ).toHaveCount(0);
  await page.goto('/pages/clients');
  await openFromList(page, 'Rechercher un client', 'clients-table', nom);
  await expect(page.getByRole('heading', { name: nom })).toBeVisible();
  await expect(page.getByTestId('solde-encours')).toHaveText(amount('0 FCFA'));
  await expect(page.getByTestId('client-ventes')).toContainText(numero);
});
