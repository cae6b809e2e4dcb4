import { expect, test } from '@playwright/test';
import { DEMO } from './support/constants';
import { LoginPage, loginAs } from './support/pages';

/** The role menus, item for item: [label, route]. Written here, independent of the code. */
const EXPECTED_MENUS = {
  gerant: [
    ['Tableau de bord', '/'],
    ['Points de vente', '/pages/ventes'],
    ['Liste des ventes', '/pages/ventes-list'],
    ['Produits', '/pages/produits'],
    ['Catégories', '/pages/categories'],
    ['Clients', '/pages/clients'],
    ['Dépenses', '/pages/depenses'],
    ['Liste des approvisionnements', '/pages/approvisionnements-list'],
    ['Inventaires', '/pages/rapports/inventaires'],
  ],
  proprietaire: [
    ['Tableau de bord', '/'],
    ['Ajouter un produit', '/pages/produits/add'],
    ['Liste des produits', '/pages/produits'],
    ['Catégories', '/pages/categories'],
    ['Marques', '/pages/marques'],
    ['Nouvelle vente', '/pages/ventes-oneline'],
    ['Points de vente', '/pages/ventes'],
    ['Liste des ventes', '/pages/ventes-list'],
    ['Caisses et sessions', '/pages/caisses'],
    ['Nouveau devis', '/pages/devis/add'],
    ['Liste des devis', '/pages/devis'],
    ['Factures', '/pages/factures'],
    ['Nouvel approvisionnement', '/pages/approvisionnements'],
    ['Liste des approvisionnements', '/pages/approvisionnements-list'],
    ['Rapport produits', '/pages/rapports/produits'],
    ['Inventaires', '/pages/rapports/inventaires'],
    ['Clients', '/pages/clients'],
    ['Fournisseurs', '/pages/fournisseurs'],
    ['Dépenses', '/pages/depenses'],
    ['Dettes', '/pages/dettes'],
    ['Utilisateurs', '/pages/users'],
    ['Boutiques', '/pages/services'],
    ['Intégrité', '/pages/integrite'],
  ],
  admin: [
    ['Tableau de bord', '/'],
    ['Utilisateurs', '/pages/users'],
    ['Boutiques', '/pages/services'],
    ['Unités', '/pages/unites'],
    ['Types de vente', '/pages/types-ventes'],
    ['Abonnements', '/pages/abonnements'],
  ],
} as const;

test.describe('connexion et menus par rôle', () => {
  test('un utilisateur non connecté est renvoyé vers la connexion', async ({ page }) => {
    await page.goto('/pages/users/user-profile');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('un mauvais mot de passe affiche un message en français', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.login(DEMO.gerant, 'pas-le-bon-mot-de-passe');
    await expect(login.error()).toHaveText('Adresse e-mail ou mot de passe incorrect.');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('gérant : son menu, bouton POS, pas de sélecteur, sa boutique', async ({ page }) => {
    const shell = await loginAs(page, DEMO.gerant);
    expect(await shell.menuLeaves()).toEqual(EXPECTED_MENUS.gerant);
    await expect(shell.posButton()).toBeVisible();
    await expect(shell.posButton()).toHaveAttribute('href', '/pages/ventes');
    await expect(shell.shopSwitcher()).toHaveCount(0);
    await expect(shell.brand()).toHaveText('Boutique Dakar Plateau');
    await expect(page.getByTestId('user-name')).toHaveText('Fatou Sow');
    await expect(page.getByRole('main')).toContainText('Gérant');
  });

  test('propriétaire : menu complet, bouton POS et sélecteur de boutique', async ({ page }) => {
    const shell = await loginAs(page, DEMO.proprietaire);
    expect(await shell.menuLeaves()).toEqual(EXPECTED_MENUS.proprietaire);
    await expect(shell.posButton()).toBeVisible();
    await expect(shell.shopSwitcher()).toBeVisible();
    await expect(shell.brand()).toHaveText('Boutique Dakar Plateau');
  });

  test('administrateur : menu de la plateforme, ni POS ni sélecteur', async ({ page }) => {
    const shell = await loginAs(page, DEMO.admin);
    expect(await shell.menuLeaves()).toEqual(EXPECTED_MENUS.admin);
    await expect(shell.posButton()).toHaveCount(0);
    await expect(shell.shopSwitcher()).toHaveCount(0);
    await expect(shell.brand()).toHaveText('COMPTOIR');
  });

  test('une adresse qui ne mène à aucun écran affiche la page introuvable', async ({ page }) => {
    // Every screen of the menus is built: an unknown address stands for the screens to come.
    await loginAs(page, DEMO.proprietaire);
    await page.goto('/pages/ecran-inconnu');
    await expect(page).toHaveURL(/\/notfound$/);
    await expect(page.getByText('Page introuvable')).toBeVisible();
  });
});
