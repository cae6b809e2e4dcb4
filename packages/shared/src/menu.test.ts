import { describe, expect, it } from 'vitest';
import { MENU_SCREENS, MENUS, menuAllows, menuLeaves } from './menu.js';

describe('screens open to a role (read from the menus)', () => {
  it('administrator: the platform screens', () => {
    for (const path of [
      '/pages/users',
      '/pages/services',
      '/pages/unites',
      '/pages/types-ventes',
      '/pages/abonnements',
    ]) {
      expect(menuAllows('ROLE_ADMIN', path)).toBe(true);
    }
  });

  it('owner: users and shops, not units, sale types or subscriptions', () => {
    expect(menuAllows('ROLE_PROPRIETAIRE', '/pages/users')).toBe(true);
    expect(menuAllows('ROLE_PROPRIETAIRE', '/pages/services')).toBe(true);
    expect(menuAllows('ROLE_PROPRIETAIRE', '/pages/unites')).toBe(false);
    expect(menuAllows('ROLE_PROPRIETAIRE', '/pages/types-ventes')).toBe(false);
    expect(menuAllows('ROLE_PROPRIETAIRE', '/pages/abonnements')).toBe(false);
  });

  it('manager and unknown role: none of these screens', () => {
    for (const path of [
      '/pages/users',
      '/pages/services',
      '/pages/unites',
      '/pages/types-ventes',
      '/pages/abonnements',
    ]) {
      expect(menuAllows('ROLE_GERANT', path)).toBe(false);
      expect(menuAllows(null, path)).toBe(false);
    }
  });
});

describe('the menu table', () => {
  it('lists every screen once, and each role opens exactly the screens its menu shows', () => {
    const routes = MENU_SCREENS.map((s) => s.route);
    expect(new Set(routes).size).toBe(routes.length);
    for (const role of ['ROLE_GERANT', 'ROLE_PROPRIETAIRE', 'ROLE_ADMIN'] as const) {
      const shown = menuLeaves(MENUS[role]).map((i) => i.to);
      expect(routes.filter((r) => menuAllows(role, r))).toEqual(
        routes.filter((r) => shown.includes(r)),
      );
    }
  });

  it('keeps the labels and icons a role sees differently', () => {
    const leaf = (role: keyof typeof MENUS, to: string) =>
      menuLeaves(MENUS[role]).find((i) => i.to === to);
    expect(leaf('ROLE_GERANT', '/pages/produits')).toMatchObject({
      label: 'Produits',
      icon: 'pi pi-fw pi-box',
    });
    expect(leaf('ROLE_PROPRIETAIRE', '/pages/produits')).toMatchObject({
      label: 'Liste des produits',
      icon: 'pi pi-fw pi-list',
    });
    expect(leaf('ROLE_GERANT', '/pages/approvisionnements-list')).toEqual({
      label: 'Liste des approvisionnements',
      icon: 'pi pi-fw pi-truck',
      to: '/pages/approvisionnements-list',
      tooltip: 'Consultation seulement',
    });
    expect(MENUS.ROLE_PROPRIETAIRE[2]!.items.map((i) => [i.label, i.icon])).toEqual([
      ['Ventes', 'pi pi-fw pi-shopping-cart'],
      ['Devis', 'pi pi-fw pi-file-edit'],
      ['Factures', 'pi pi-fw pi-file'],
    ]);
  });
});
