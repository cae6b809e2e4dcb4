import { searchKey } from '@comptoir/shared';

/**
 * What the IndexedDB indexes of the device's catalogue read of a product (idb.ts, catalogue.ts):
 * `ref`, its reference as typed at the till (without accents, lower case), for an exact match;
 * `mots`, the words of its name, its barcode and its reference, for a prefix match (« riz »,
 * « parf », « 30176 », « hl-00 ») without walking the whole store.
 */
export interface ChampsIndex {
  ref?: string;
  mots: string[];
}

export function champsIndex(p: {
  nom: string;
  codeBarres: string | null;
  reference: string | null;
}) {
  const ref = p.reference ? searchKey(p.reference) : '';
  const mots = new Set(searchKey(p.nom).split(' ').filter(Boolean));
  if (p.codeBarres) mots.add(searchKey(p.codeBarres));
  if (ref) mots.add(ref);
  const champs: ChampsIndex = { mots: [...mots] };
  if (ref) champs.ref = ref;
  return champs;
}
