/** What other features use of the registers: the gate of the point of sale, the back office's picker. */
export { CaisseGate } from './CaisseGate';
export { CaissePicker, avecCaisse, erreurCaisse } from './CaissePicker';
export { useCaisses } from './api';
