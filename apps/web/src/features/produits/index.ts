/** The public entry of the products area: what other screens (the point of sale's grid) may use. */
export { useCategorieOptions, useMarqueOptions } from './api';
