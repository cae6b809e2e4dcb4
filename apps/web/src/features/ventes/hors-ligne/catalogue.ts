import {
  searchKey,
  type ClientCatalogue,
  type ClientsDelta,
  type Produit,
  type ProduitCatalogue,
  type ProduitsDelta,
} from '@comptoir/shared';
import { http } from '../../../lib/http';
import { shopPath } from '../../../lib/shop';
import { byIndex, getMeta, putAll, scan, setMeta } from './idb';

/**
 * The shop's whole catalogue and customers on the device (docs/regles-metier.md « Vente hors
 * ligne »): downloaded once, then refreshed by delta (only what changed since the cursor), so that
 * scanning and searching work without the network.
 */

/** A product as kept on the device, with its search key (name without accents, code, reference). */
export type ProduitLocal = ProduitCatalogue & { cle: string };
/** A customer as kept on the device; one created offline has a negative id and its `cleHorsLigne`. */
export type ClientLocal = ClientCatalogue & { cle: string; cleHorsLigne?: string };

const withKey = (p: ProduitCatalogue): ProduitLocal => ({
  ...p,
  cle: `${searchKey(p.nom)} ${p.codeBarres ?? ''} ${(p.reference ?? '').toLowerCase()}`,
});

async function pull<T extends { id: number }>(
  serviceId: number,
  what: 'produits' | 'clients',
  store: (items: T[], supprimes: number[]) => Promise<void>,
): Promise<number> {
  let curseur = await getMeta<string>(serviceId, `curseur.${what}`);
  let received = 0;
  for (;;) {
    const page = await http.get<{
      items: T[];
      supprimes: number[];
      curseur: string;
      suite: boolean;
    }>(shopPath(serviceId, `catalogue/${what}`), { query: { curseur, taille: 5000 } });
    await store(page.items, page.supprimes);
    received += page.items.length;
    curseur = page.curseur;
    await setMeta(serviceId, `curseur.${what}`, curseur);
    if (!page.suite) return received;
  }
}

/** Brings the device's catalogue and customers up to date; returns the time of this refresh. */
export async function refreshCatalogue(serviceId: number): Promise<string> {
  await pull<ProduitCatalogue>(serviceId, 'produits', (items, supprimes) =>
    putAll(serviceId, 'produits', items.map(withKey), supprimes),
  );
  await pull<ClientCatalogue>(serviceId, 'clients', (items, supprimes) =>
    putAll(
      serviceId,
      'clients',
      items.map((c) => ({ ...c, cle: `${searchKey(c.nom)} ${c.telephone ?? ''}` })),
      supprimes,
    ),
  );
  const at = new Date().toISOString();
  await setMeta(serviceId, 'rafraichi', at);
  return at;
}

export type ProduitsDeltaPage = ProduitsDelta;
export type ClientsDeltaPage = ClientsDelta;

/** The catalogue's product as the point of sale's screens read a product. */
export const asProduit = (p: ProduitCatalogue): Produit => ({
  id: p.id,
  nom: p.nom,
  reference: p.reference,
  codeBarres: p.codeBarres,
  categorie: null,
  marque: null,
  unite: { id: 0, nom: p.uniteNom, symbole: p.uniteSymbole, fractionnable: p.fractionnable },
  prixAchat: 0,
  prixVente: p.prixVente,
  prixGros: p.prixGros,
  tauxTva: p.tauxTva,
  seuilAlerte: 0,
  quantite: p.quantite,
  valeurStock: 0,
  etatStock: p.quantite > 0 ? 'en_stock' : 'rupture',
  image: null,
  description: null,
  actif: p.actif,
  createdAt: p.updatedAt,
  updatedAt: p.updatedAt,
});

/** The active product carrying this barcode on the device, or null. */
export async function produitParCode(serviceId: number, code: string): Promise<Produit | null> {
  const p = await byIndex<ProduitLocal>(serviceId, 'produits', 'codeBarres', code);
  return p?.actif ? asProduit(p) : null;
}

/** Active products whose name (without accents), barcode or reference contains `q`; by name. */
export async function chercherProduits(serviceId: number, q: string, size: number) {
  const needle = searchKey(q.trim());
  const found: ProduitLocal[] = [];
  await scan<ProduitLocal>(serviceId, 'produits', (p) => {
    if (p.actif && p.cle.includes(needle)) found.push(p);
    return found.length < 500;
  });
  found.sort((a, b) => a.nom.localeCompare(b.nom, 'fr'));
  return found.slice(0, size).map(asProduit);
}

/** Customers whose name or phone contains `q` (those created offline included). */
export async function chercherClients(serviceId: number, q: string, size = 10) {
  const needle = searchKey(q.trim());
  const found: ClientLocal[] = [];
  await scan<ClientLocal>(serviceId, 'clients', (c) => {
    if (c.actif && c.cle.includes(needle)) found.push(c);
    return found.length < size;
  });
  return found;
}
