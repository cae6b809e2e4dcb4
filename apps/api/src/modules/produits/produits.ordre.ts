import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ProduitListQuery } from '@comptoir/shared';
import { offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import type { IdPage } from './produits.recherche.js';

/** A shop's products in name order, as read at `version` of that order (migration 057). */
interface Ordre {
  version: number;
  ids: Int32Array;
  /** Each product's place in `ids`, or -1 (another shop's product, or none). */
  place: (id: number) => number;
}

/**
 * Places kept in an array indexed by id when the shop's ids are not spread over more than this
 * many times their number (built in 10 to 20 ms for 100,000 products, against 70 to 200 for a
 * Map), in a Map otherwise (a small shop among large ones).
 */
const ETENDUE_PAR_PRODUIT = 8;

/**
 * The most products whose place the server keeps, all shops together (40 bytes each at most in an
 * array, more in a Map): past
 * it, the shops searched longest ago are forgotten, and read again at their next search.
 */
const PRODUITS_GARDES = 1_000_000;

const ordres = new WeakMap<Kysely<DB>, Map<number, Ordre>>();

/**
 * SQLite, a text search alone (or with the active filter) in name order, ranked in memory: the
 * trigram table's matches (`matches`, an FTS5 query of produits.recherche.ts) come back as ids,
 * with the product whose barcode is the text and the version of the shop's name order, in one
 * statement; each match's place comes from the shop's order kept here, read again (one walk of the
 * name index) only when its version moved. The page is the matches with the first places; the total
 * counts them. No index walk to the page, no row read: « cafe moulu » (5,000 of 100,000) costs the
 * phrase and a lookup per match, wherever its matches are in the alphabet. Undefined inside a
 * transaction (an order read there could be rolled back under the same version) or when the order
 * moved between the two reads.
 */
export async function pageParRang(
  db: Kysely<DB>,
  serviceId: number,
  query: ProduitListQuery,
  direction: 'asc' | 'desc',
  matches: RawBuilder<unknown>,
): Promise<IdPage | undefined> {
  if (db.isTransaction) return undefined;
  const actif = query.actif === undefined ? sql`` : sql`and actif = ${query.actif ? 1 : 0}`;
  const { rows } = await sql<{ version: number; ids: string; code: number | null }>`
    with k as materialized (select
      coalesce((select n from produits_comptes where service_id = ${serviceId}), 0) as n,
      coalesce((select version from produits_comptes where service_id = ${serviceId}), -1) as version,
      coalesce((select sum(n) from produits_comptes where service_id <> ${serviceId}), 0) as autres)
    select (select version from k) as version,
      (select json_group_array(rowid) from produits_recherche
        where produits_recherche ${matches}) as ids,
      (select id from produits where service_id = ${serviceId}
        and code_barres = ${query.q!.trim()} ${actif}) as code`.execute(db);
  const { version, ids, code } = rows[0]!;
  const ordre = await ordreDe(db, serviceId, Number(version));
  if (!ordre) return undefined;
  const trouves = JSON.parse(ids) as number[];
  if (code !== null && !trouves.includes(Number(code))) trouves.push(Number(code));
  // The places of the shop's matches (the phrase alone also finds other shops' products).
  const places = new Int32Array(trouves.length);
  let n = 0;
  for (const id of trouves) {
    const place = ordre.place(id);
    if (place >= 0) places[n++] = place;
  }
  const triees = places.subarray(0, n).sort();
  const debut = offsetOf(query);
  const page =
    direction === 'asc'
      ? triees.subarray(debut, debut + query.size)
      : triees.subarray(Math.max(0, n - debut - query.size), Math.max(0, n - debut)).reverse();
  return { ids: Array.from(page, (place) => ordre.ids[place]!), total: n };
}

/** The shop's name order at `version`, kept or read again; undefined if it moved meanwhile. */
async function ordreDe(
  db: Kysely<DB>,
  serviceId: number,
  version: number,
): Promise<Ordre | undefined> {
  let boutiques = ordres.get(db);
  if (!boutiques) ordres.set(db, (boutiques = new Map()));
  const garde = boutiques.get(serviceId);
  // Kept in the order of use: the first ones are the shops searched longest ago.
  boutiques.delete(serviceId);
  if (garde?.version === version) return (boutiques.set(serviceId, garde), garde);
  const { rows } = await sql<{ version: number; ids: string }>`select
      coalesce((select version from produits_comptes where service_id = ${serviceId}), -1) as version,
      (select json_group_array(id) from (select id from produits indexed by produits_nom_tri_idx
        where service_id = ${serviceId} order by nom_tri, id)) as ids`.execute(db);
  if (Number(rows[0]!.version) !== version) return undefined;
  const ordre: Ordre = {
    version,
    ...places(Int32Array.from(JSON.parse(rows[0]!.ids) as number[])),
  };
  boutiques.set(serviceId, ordre);
  let gardes = 0;
  for (const o of boutiques.values()) gardes += o.ids.length;
  for (const [id, o] of boutiques) {
    if (gardes <= PRODUITS_GARDES || id === serviceId) break;
    boutiques.delete(id);
    gardes -= o.ids.length;
  }
  return ordre;
}

/** The lookup of each product's place in the shop's order `ids`. */
function places(ids: Int32Array): Pick<Ordre, 'ids' | 'place'> {
  let min = Infinity;
  let max = -Infinity;
  for (const id of ids) {
    if (id < min) min = id;
    if (id > max) max = id;
  }
  if (ids.length === 0 || max - min >= ids.length * ETENDUE_PAR_PRODUIT) {
    const map = new Map<number, number>();
    ids.forEach((id, place) => map.set(id, place));
    return { ids, place: (id) => map.get(id) ?? -1 };
  }
  const parId = new Int32Array(max - min + 1).fill(-1);
  ids.forEach((id, place) => (parId[id - min] = place));
  return { ids, place: (id) => (id >= min && id <= max ? parId[id - min]! : -1) };
}
