/**
 * The public entry of the invoices area: what other screens may use (a sale's detail invoices
 * its sale). The router loads the screens themselves on demand.
 */
export { FacturerVente } from './FacturerVente';
