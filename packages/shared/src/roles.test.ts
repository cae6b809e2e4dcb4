import { describe, expect, it } from 'vitest';
import { menuFor, menuLeaves } from './menu.js';
import { effectiveRole, firstRoleLabel, showsPosButton, showsShopSwitcher } from './roles.js';

describe('rôle effectif', () => {
  it('prend la dernière correspondance dans l’ordre gérant, propriétaire, admin', () => {
    expect(effectiveRole(['ROLE_GERANT'])).toBe('ROLE_GERANT');
    expect(effectiveRole(['ROLE_PROPRIETAIRE', 'ROLE_GERANT'])).toBe('ROLE_PROPRIETAIRE');
    expect(effectiveRole(['ROLE_ADMIN', 'ROLE_GERANT'])).toBe('ROLE_ADMIN');
    expect(effectiveRole(['ROLE_INCONNU'])).toBeNull();
  });
  it('montre le bouton POS sauf à l’admin et le sélecteur de boutique au propriétaire', () => {
    expect(showsPosButton('ROLE_GERANT')).toBe(true);
    expect(showsPosButton('ROLE_PROPRIETAIRE')).toBe(true);
    expect(showsPosButton('ROLE_ADMIN')).toBe(false);
    expect(showsShopSwitcher('ROLE_PROPRIETAIRE')).toBe(true);
    expect(showsShopSwitcher('ROLE_GERANT')).toBe(false);
    expect(showsShopSwitcher('ROLE_ADMIN')).toBe(false);
  });
  it('nomme le premier rôle', () => {
    expect(firstRoleLabel(['ROLE_GERANT', 'ROLE_ADMIN'])).toBe('Gérant');
    expect(firstRoleLabel([])).toBe('');
  });
});

const routes = (role: Parameters<typeof menuFor>[0]) => menuLeaves(menuFor(role)).map((i) => i.to);

describe('menus par rôle', () => {
  it('gérant', () => {
    expect(routes('ROLE_GERANT')).toEqual([
      '/',
      '/pages/ventes',
      '/pages/ventes-list',
      '/pages/produits',
      '/pages/categories',
      '/pages/clients',
      '/pages/depenses',
      '/pages/approvisionnements-list',
      '/pages/rapports/inventaires',
    ]);
  });
  it('propriétaire', () => {
    expect(routes('ROLE_PROPRIETAIRE')).toEqual([
      '/',
      '/pages/produits/add',
      '/pages/produits',
      '/pages/categories',
      '/pages/marques',
      '/pages/ventes-oneline',
      '/pages/ventes',
      '/pages/ventes-list',
      '/pages/caisses',
      '/pages/devis/add',
      '/pages/devis',
      '/pages/factures',
      '/pages/approvisionnements',
      '/pages/approvisionnements-list',
      '/pages/rapports/produits',
      '/pages/rapports/inventaires',
      '/pages/clients',
      '/pages/fournisseurs',
      '/pages/depenses',
      '/pages/dettes',
      '/pages/users',
      '/pages/services',
      '/pages/integrite',
    ]);
  });
  it('administrateur', () => {
    expect(routes('ROLE_ADMIN')).toEqual([
      '/',
      '/pages/users',
      '/pages/services',
      '/pages/unites',
      '/pages/types-ventes',
      '/pages/abonnements',
    ]);
  });
  it('aucun menu sans rôle connu', () => {
    expect(menuFor(null)).toEqual([]);
  });
});
