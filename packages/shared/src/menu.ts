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

const dashboard: MenuItem = { label: 'Tableau de bord', icon: 'pi pi-fw pi-home', to: '/' };

const GERANT_MENU: MenuSection[] = [
  { label: 'Accueil', items: [dashboard] },
  {
    label: 'Ventes',
    items: [
      { label: 'Points de vente', icon: 'pi pi-fw pi-shopping-cart', to: '/pages/ventes' },
      { label: 'Liste des ventes', icon: 'pi pi-fw pi-list', to: '/pages/ventes-list' },
    ],
  },
  {
    label: 'Catalogue',
    items: [
      { label: 'Produits', icon: 'pi pi-fw pi-box', to: '/pages/produits' },
      { label: 'Catégories', icon: 'pi pi-fw pi-tags', to: '/pages/categories' },
    ],
  },
  {
    label: 'Gestion',
    items: [
      { label: 'Clients', icon: 'pi pi-fw pi-users', to: '/pages/clients' },
      { label: 'Dépenses', icon: 'pi pi-fw pi-wallet', to: '/pages/depenses' },
      {
        label: 'Liste des approvisionnements',
        icon: 'pi pi-fw pi-truck',
        to: '/pages/approvisionnements-list',
        tooltip: 'Consultation seulement',
      },
    ],
  },
];

const PROPRIETAIRE_MENU: MenuSection[] = [
  { label: 'Accueil', items: [dashboard] },
  {
    label: 'Catalogue',
    items: [
      {
        label: 'Produits',
        icon: 'pi pi-fw pi-box',
        items: [
          { label: 'Ajouter un produit', icon: 'pi pi-fw pi-plus', to: '/pages/produits/add' },
          { label: 'Liste des produits', icon: 'pi pi-fw pi-list', to: '/pages/produits' },
          { label: 'Catégories', icon: 'pi pi-fw pi-tags', to: '/pages/categories' },
          { label: 'Marques', icon: 'pi pi-fw pi-bookmark', to: '/pages/marques' },
        ],
      },
    ],
  },
  {
    label: 'Ventes',
    items: [
      {
        label: 'Ventes',
        icon: 'pi pi-fw pi-shopping-cart',
        items: [
          { label: 'Nouvelle vente', icon: 'pi pi-fw pi-plus', to: '/pages/ventes-oneline' },
          { label: 'Points de vente', icon: 'pi pi-fw pi-shopping-cart', to: '/pages/ventes' },
          { label: 'Liste des ventes', icon: 'pi pi-fw pi-list', to: '/pages/ventes-list' },
        ],
      },
      {
        label: 'Devis',
        icon: 'pi pi-fw pi-file-edit',
        items: [
          { label: 'Nouveau devis', icon: 'pi pi-fw pi-plus', to: '/pages/devis/add' },
          { label: 'Liste des devis', icon: 'pi pi-fw pi-list', to: '/pages/devis' },
        ],
      },
      { label: 'Factures', icon: 'pi pi-fw pi-file', to: '/pages/factures' },
    ],
  },
  {
    label: 'Achats et stock',
    items: [
      {
        label: 'Approvisionnements',
        icon: 'pi pi-fw pi-truck',
        items: [
          {
            label: 'Nouvel approvisionnement',
            icon: 'pi pi-fw pi-plus',
            to: '/pages/approvisionnements',
          },
          {
            label: 'Liste des approvisionnements',
            icon: 'pi pi-fw pi-list',
            to: '/pages/approvisionnements-list',
          },
        ],
      },
      { label: 'Rapport produits', icon: 'pi pi-fw pi-chart-bar', to: '/pages/rapports/produits' },
      { label: 'Inventaires', icon: 'pi pi-fw pi-check-square', to: '/pages/rapports/inventaires' },
    ],
  },
  {
    label: 'Gestion',
    items: [
      { label: 'Clients', icon: 'pi pi-fw pi-users', to: '/pages/clients' },
      { label: 'Fournisseurs', icon: 'pi pi-fw pi-building', to: '/pages/fournisseurs' },
      { label: 'Dépenses', icon: 'pi pi-fw pi-wallet', to: '/pages/depenses' },
      { label: 'Dettes', icon: 'pi pi-fw pi-credit-card', to: '/pages/dettes' },
    ],
  },
  {
    label: 'Administration',
    items: [
      { label: 'Utilisateurs', icon: 'pi pi-fw pi-user', to: '/pages/users' },
      { label: 'Boutiques', icon: 'pi pi-fw pi-shop', to: '/pages/services' },
    ],
  },
];

const ADMIN_MENU: MenuSection[] = [
  { label: 'Accueil', items: [dashboard] },
  {
    label: 'Plateforme',
    items: [
      { label: 'Utilisateurs', icon: 'pi pi-fw pi-user', to: '/pages/users' },
      { label: 'Boutiques', icon: 'pi pi-fw pi-shop', to: '/pages/services' },
      { label: 'Unités', icon: 'pi pi-fw pi-sliders-h', to: '/pages/unites' },
      { label: 'Types de vente', icon: 'pi pi-fw pi-tag', to: '/pages/types-ventes' },
      { label: 'Abonnements', icon: 'pi pi-fw pi-id-card', to: '/pages/abonnements' },
    ],
  },
];

export const MENUS: Record<Role, MenuSection[]> = {
  ROLE_GERANT: GERANT_MENU,
  ROLE_PROPRIETAIRE: PROPRIETAIRE_MENU,
  ROLE_ADMIN: ADMIN_MENU,
};

/** The menu of a role, or an empty menu for a user without a known role. */
export function menuFor(role: Role | null): MenuSection[] {
  return role ? MENUS[role] : [];
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
