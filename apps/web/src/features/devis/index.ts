/**
 * The quotes area (owner): the router loads its screens (saisie, liste) on demand; nothing here
 * is used by other features yet.
 */
export { DevisStatutTag } from './statut';
