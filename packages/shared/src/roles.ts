/** The three roles of Comptoir, as they travel in tokens and in the `user_roles` table. */
export const ROLES = ['ROLE_ADMIN', 'ROLE_PROPRIETAIRE', 'ROLE_GERANT'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  ROLE_ADMIN: 'Administrateur',
  ROLE_PROPRIETAIRE: 'Propriétaire',
  ROLE_GERANT: 'Gérant',
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * The effective role picks the menu, the POS button and the shop switcher:
 * the last match in the order manager, owner, admin (docs/regles-metier.md).
 */
const EFFECTIVE_ORDER: readonly Role[] = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE', 'ROLE_ADMIN'];

export function effectiveRole(roles: readonly string[]): Role | null {
  let found: Role | null = null;
  for (const role of EFFECTIVE_ORDER) if (roles.includes(role)) found = role;
  return found;
}

/** Label of the first role, as the top bar shows it. */
export function firstRoleLabel(roles: readonly string[]): string {
  const first = roles[0];
  return first && isRole(first) ? ROLE_LABELS[first] : '';
}

export const showsPosButton = (role: Role | null): boolean =>
  role !== null && role !== 'ROLE_ADMIN';
export const showsShopSwitcher = (role: Role | null): boolean => role === 'ROLE_PROPRIETAIRE';
