import { describe, expect, it } from 'vitest';
import { menuAllows } from './menu-access';

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
