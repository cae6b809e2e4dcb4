/**
 * The public entry of the debts area: what other screens (the customer page) may use. The router
 * loads the screens themselves (debtors, a customer's account) on demand.
 */
export { useCompteClient } from './api';
export { CompteSolde } from './CompteSolde';
