/** What other features use of the registers: the gate of the point of sale. */
export { CaisseGate } from './CaisseGate';
export { useCaisses } from './api';
