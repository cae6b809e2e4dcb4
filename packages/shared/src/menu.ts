import type { Role } from './roles.js';

/** One entry of the side menu. A leaf has `to`; a group has `items`. */
export interface MenuItem {
  label: string;
  icon?: string;
  to?: string;
  items?: MenuItem[];
  badge?: string;
  tooltip?: string;
  disabled?: boolean;
}

/** A titled section of the side menu. */
export interface MenuSection {
  label: string;
  items: MenuItem[];
}

/** Where a screen stands in one role's menu: its section, its group if any, its label there. */
interface Place {
  /** « Section » or « Section › Groupe ». */
  at: string;
  /** When the label or the icon differs from the screen's. */
  label?: string;
  icon?: string;
  tooltip?: string;
}

/** A screen of the menus: route, label, icon, and the roles whose menu lists it (and where). */
export interface MenuScreen {
  route: string;
  label: string;
  icon: string;
  roles: Partial<Record<Role, Place>>;
}

const G = 'ROLE_GERANT';
const P = 'ROLE_PROPRIETAIRE';
const A = 'ROLE_ADMIN';
const icon = (name: string) => `pi pi-fw pi-${name}`;

/**
 * THE table of the menus (docs/regles-metier.md): every screen once, in menu order. It draws the
 * side menu of each role, opens the screens to the roles that list them (RequireMenu) and names
 * the routes the router guards.
 */
export const MENU_SCREENS: readonly MenuScreen[] = [
  {
    route: '/',
    label: 'Tableau de bord',
    icon: icon('home'),
    roles: { [G]: { at: 'Accueil' }, [P]: { at: 'Accueil' }, [A]: { at: 'Accueil' } },
  },
  {
    route: '/pages/produits/add',
    label: 'Ajouter un produit',
    icon: icon('plus'),
    roles: { [P]: { at: 'Catalogue › Produits' } },
  },
  {
    route: '/pages/produits',
    label: 'Produits',
    icon: icon('box'),
    roles: {
      [G]: { at: 'Catalogue' },
      [P]: { at: 'Catalogue › Produits', label: 'Liste des produits', icon: icon('list') },
    },
  },
  {
    route: '/pages/categories',
    label: 'Catégories',
    icon: icon('tags'),
    roles: { [G]: { at: 'Catalogue' }, [P]: { at: 'Catalogue › Produits' } },
  },
  {
    route: '/pages/marques',
    label: 'Marques',
    icon: icon('bookmark'),
    roles: { [P]: { at: 'Catalogue › Produits' } },
  },
  {
    route: '/pages/ventes-oneline',
    label: 'Nouvelle vente',
    icon: icon('plus'),
    roles: { [P]: { at: 'Ventes › Ventes' } },
  },
  {
    route: '/pages/ventes',
    label: 'Points de vente',
    icon: icon('shopping-cart'),
    roles: { [G]: { at: 'Ventes' }, [P]: { at: 'Ventes › Ventes' } },
  },
  {
    route: '/pages/ventes-list',
    label: 'Liste des ventes',
    icon: icon('list'),
    roles: { [G]: { at: 'Ventes' }, [P]: { at: 'Ventes › Ventes' } },
  },
  {
    route: '/pages/caisses',
    label: 'Caisses et sessions',
    icon: icon('calculator'),
    roles: { [P]: { at: 'Ventes › Ventes' } },
  },
  {
    route: '/pages/devis/add',
    label: 'Nouveau devis',
    icon: icon('plus'),
    roles: { [P]: { at: 'Ventes › Devis' } },
  },
  {
    route: '/pages/devis',
    label: 'Liste des devis',
    icon: icon('list'),
    roles: { [P]: { at: 'Ventes › Devis' } },
  },
  {
    route: '/pages/factures',
    label: 'Factures',
    icon: icon('file'),
    roles: { [P]: { at: 'Ventes' } },
  },
  {
    route: '/pages/clients',
    label: 'Clients',
    icon: icon('users'),
    roles: { [G]: { at: 'Gestion' }, [P]: { at: 'Gestion' } },
  },
  {
    route: '/pages/fournisseurs',
    label: 'Fournisseurs',
    icon: icon('building'),
    roles: { [P]: { at: 'Gestion' } },
  },
  {
    route: '/pages/depenses',
    label: 'Dépenses',
    icon: icon('wallet'),
    roles: { [G]: { at: 'Gestion' }, [P]: { at: 'Gestion' } },
  },
  {
    route: '/pages/dettes',
    label: 'Dettes',
    icon: icon('credit-card'),
    roles: { [P]: { at: 'Gestion' } },
  },
  {
    route: '/pages/approvisionnements',
    label: 'Nouvel approvisionnement',
    icon: icon('plus'),
    roles: { [P]: { at: 'Achats et stock › Approvisionnements' } },
  },
  {
    route: '/pages/approvisionnements-list',
    label: 'Liste des approvisionnements',
    icon: icon('list'),
    roles: {
      [G]: { at: 'Gestion', icon: icon('truck'), tooltip: 'Consultation seulement' },
      [P]: { at: 'Achats et stock › Approvisionnements' },
    },
  },
  {
    route: '/pages/rapports/produits',
    label: 'Rapport produits',
    icon: icon('chart-bar'),
    roles: { [P]: { at: 'Achats et stock' } },
  },
  {
    route: '/pages/rapports/inventaires',
    label: 'Inventaires',
    icon: icon('check-square'),
    roles: { [G]: { at: 'Gestion', tooltip: 'Comptage' }, [P]: { at: 'Achats et stock' } },
  },
  {
    route: '/pages/users',
    label: 'Utilisateurs',
    icon: icon('user'),
    roles: { [P]: { at: 'Administration' }, [A]: { at: 'Plateforme' } },
  },
  {
    route: '/pages/services',
    label: 'Boutiques',
    icon: icon('shop'),
    roles: { [P]: { at: 'Administration' }, [A]: { at: 'Plateforme' } },
  },
  {
    route: '/pages/integrite',
    label: 'Intégrité',
    icon: icon('shield'),
    roles: { [P]: { at: 'Administration' } },
  },
  {
    route: '/pages/unites',
    label: 'Unités',
    icon: icon('sliders-h'),
    roles: { [A]: { at: 'Plateforme' } },
  },
  {
    route: '/pages/types-ventes',
    label: 'Types de vente',
    icon: icon('tag'),
    roles: { [A]: { at: 'Plateforme' } },
  },
  {
    route: '/pages/abonnements',
    label: 'Abonnements',
    icon: icon('id-card'),
    roles: { [A]: { at: 'Plateforme' } },
  },
];

/** The sections of each role's menu in order, and the icon of each group. */
const SECTIONS: Record<Role, readonly string[]> = {
  ROLE_GERANT: ['Accueil', 'Ventes', 'Catalogue', 'Gestion'],
  ROLE_PROPRIETAIRE: [
    'Accueil',
    'Catalogue',
    'Ventes',
    'Achats et stock',
    'Gestion',
    'Administration',
  ],
  ROLE_ADMIN: ['Accueil', 'Plateforme'],
};
const GROUP_ICONS: Record<string, string> = {
  Produits: icon('box'),
  Ventes: icon('shopping-cart'),
  Devis: icon('file-edit'),
  Approvisionnements: icon('truck'),
};

/** Builds one role's menu from the table: a group stands where its first screen does. */
function buildMenu(role: Role): MenuSection[] {
  const sections = SECTIONS[role].map((label): MenuSection => ({ label, items: [] }));
  for (const screen of MENU_SCREENS) {
    const place = screen.roles[role];
    if (!place) continue;
    const [sectionLabel, groupLabel] = place.at.split(' › ');
    const section = sections.find((s) => s.label === sectionLabel);
    if (!section) throw new Error(`Section de menu inconnue : ${place.at}`);
    const leaf: MenuItem = {
      label: place.label ?? screen.label,
      icon: place.icon ?? screen.icon,
      to: screen.route,
      ...(place.tooltip ? { tooltip: place.tooltip } : {}),
    };
    if (!groupLabel) {
      section.items.push(leaf);
      continue;
    }
    let group = section.items.find((i) => i.items && i.label === groupLabel);
    if (!group) {
      group = { label: groupLabel, icon: GROUP_ICONS[groupLabel] ?? '', items: [] };
      section.items.push(group);
    }
    group.items!.push(leaf);
  }
  return sections;
}

export const MENUS: Record<Role, MenuSection[]> = {
  ROLE_GERANT: buildMenu('ROLE_GERANT'),
  ROLE_PROPRIETAIRE: buildMenu('ROLE_PROPRIETAIRE'),
  ROLE_ADMIN: buildMenu('ROLE_ADMIN'),
};

/** The menu of a role, or an empty menu for a user without a known role. */
export function menuFor(role: Role | null): MenuSection[] {
  return role ? MENUS[role] : [];
}

/** Is `route` a screen of this role's menu? What RequireMenu asks before opening a screen. */
export function menuAllows(role: Role | null, route: string): boolean {
  return role !== null && MENU_SCREENS.some((s) => s.route === route && s.roles[role]);
}

/** Every leaf of a menu in display order: what a test compares item for item. */
export function menuLeaves(sections: readonly MenuSection[]): MenuItem[] {
  const out: MenuItem[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      if (item.items) walk(item.items);
      else out.push(item);
    }
  };
  for (const section of sections) walk(section.items);
  return out;
}
