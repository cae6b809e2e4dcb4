/**
 * The public entry of the sales area: what other screens (customer page, debts) may use. The
 * router loads the screens themselves (caisse, saisie, liste) on demand.
 */
export { useVendeurOptions, useVentes } from './liste/api';
export { DetteStatutTag, VenteStatutTag } from './liste/statut';
export {
  PERIODES,
  PERIODE_LABELS,
  isPeriode,
  periodeApiQuery,
  periodeBounds,
  periodeReady,
} from './liste/periode';
// The back-office entry blocks the quote screen takes as they are.
export { createClient, searchClients, useTypesVentes } from './api';
export { ProduitPicker } from './saisie/ProduitPicker';
export { useReceiptShop } from './ticket/api';
