import { sql, type Kysely } from 'kysely';
import type {
  CatalogueQuery,
  ClientCatalogue,
  ClientsDelta,
  ProduitCatalogue,
  ProduitsDelta,
} from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import { now } from '../../db/time.js';

/**
 * The tills' catalogue refresh (docs/regles-metier.md « Vente hors ligne »): the products or
 * customers changed after a cursor, in (updated_at, id) order, and the ids deleted (ids of
 * `catalogue_suppressions`), a page at a time. The cursor is `updatedAt|id|suppression`. The last
 * page's cursor steps back to two minutes ago: a write whose transaction began earlier and
 * committed later still comes at the next refresh (an item may come twice; the till overwrites it).
 */
const MARGE_MS = 2 * 60 * 1000;

interface Cursor {
  at: string;
  id: number;
  suppression: number;
}

const parse = (curseur: string | undefined): Cursor => {
  const [at = '', id = '0', suppression = '0'] = (curseur ?? '||').split('|');
  return { at, id: Number(id) || 0, suppression: Number(suppression) || 0 };
};

async function page<T extends { id: number; updatedAt: string }>(
  db: Kysely<DB>,
  serviceId: number,
  type: 'produit' | 'client',
  query: CatalogueQuery,
  read: (after: Cursor, limit: number) => Promise<T[]>,
) {
  const after = parse(query.curseur);
  const items = await read(after, query.taille + 1);
  const deleted = await db
    .selectFrom('catalogue_suppressions')
    .select(['id', 'objet_id'])
    .where('service_id', '=', serviceId)
    .where('type', '=', type)
    .where('id', '>', after.suppression)
    .orderBy('id')
    .limit(query.taille + 1)
    .execute();
  const suite = items.length > query.taille || deleted.length > query.taille;
  const shown = items.slice(0, query.taille);
  const gone = deleted.slice(0, query.taille);
  const last = shown.at(-1);
  let next: Cursor = {
    at: last?.updatedAt ?? after.at,
    id: last?.id ?? after.id,
    suppression: gone.at(-1)?.id ?? after.suppression,
  };
  if (!suite) {
    const marge = new Date(now().getTime() - MARGE_MS).toISOString();
    if (next.at > marge) next = { ...next, at: marge, id: 0 };
  }
  return {
    items: shown,
    supprimes: gone.map((d) => d.objet_id),
    curseur: `${next.at}|${next.id}|${next.suppression}`,
    suite,
  };
}

/** `(updated_at, id) > (at, id)`, written so that both databases use the (service, updated_at, id) index. */
const afterCursor = (after: Cursor) =>
  sql<boolean>`(updated_at > ${after.at} or (updated_at = ${after.at} and id > ${after.id}))`;

export function produitsDelta(
  db: Kysely<DB>,
  serviceId: number,
  query: CatalogueQuery,
): Promise<ProduitsDelta> {
  return page<ProduitCatalogue>(db, serviceId, 'produit', query, async (after, limit) => {
    const rows = await db
      .selectFrom('produits')
      .innerJoin('unites', 'unites.id', 'produits.unite_id')
      .select([
        'produits.id',
        'produits.nom',
        'produits.reference',
        'produits.code_barres',
        'produits.categorie_id',
        'unites.symbole',
        'unites.nom as unite_nom',
        'unites.fractionnable',
        'produits.prix_vente',
        'produits.prix_gros',
        'produits.taux_tva',
        'produits.quantite',
        'produits.actif',
        'produits.updated_at',
      ])
      .where('produits.service_id', '=', serviceId)
      .where(
        sql<boolean>`(produits.updated_at > ${after.at} or (produits.updated_at = ${after.at} and produits.id > ${after.id}))`,
      )
      .orderBy('produits.updated_at')
      .orderBy('produits.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      nom: r.nom,
      reference: r.reference,
      codeBarres: r.code_barres,
      categorieId: r.categorie_id,
      uniteSymbole: r.symbole,
      uniteNom: r.unite_nom,
      fractionnable: r.fractionnable === 1,
      prixVente: Number(r.prix_vente),
      prixGros: r.prix_gros === null ? null : Number(r.prix_gros),
      tauxTva: r.taux_tva,
      quantite: Number(r.quantite),
      actif: r.actif === 1,
      updatedAt: r.updated_at,
    }));
  });
}

export function clientsDelta(
  db: Kysely<DB>,
  serviceId: number,
  query: CatalogueQuery,
): Promise<ClientsDelta> {
  return page<ClientCatalogue>(db, serviceId, 'client', query, async (after, limit) => {
    const rows = await db
      .selectFrom('clients')
      .select(['id', 'nom', 'telephone', 'plafond_credit', 'actif', 'updated_at'])
      .where('service_id', '=', serviceId)
      .where(afterCursor(after))
      .orderBy('updated_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      nom: r.nom,
      telephone: r.telephone,
      plafondCredit: r.plafond_credit === null ? null : Number(r.plafond_credit),
      actif: r.actif === 1,
      updatedAt: r.updated_at,
    }));
  });
}
