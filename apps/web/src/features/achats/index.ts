/**
 * The public entry of the purchases area: what other screens (the debts' « Fournisseurs » tab)
 * may use. The router loads the screens themselves (saisie, liste, fournisseur) on demand.
 */
export { DettesFournisseurs } from './fournisseurs/DettesFournisseurs';
