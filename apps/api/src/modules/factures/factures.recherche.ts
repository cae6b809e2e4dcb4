import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { searchKey } from '@comptoir/shared';
import { containsPattern } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import type { Eb, FactureListShop, Where } from './factures.filtres.js';

/**
 * The invoice list's text search: the invoice's number or its customer's name contains the text.
 * The customers found are read once, before the list (up to CLIENTS_LUS of them), so that both
 * databases know how many invoices they hold: a subquery was planned as matching 2,000 invoices
 * when it matched none, and PostgreSQL then read all 100,000 to join them.
 */
export const CLIENTS_LUS = 1000;

/** FTS5 phrase (`"…"`, inner quotes doubled). */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The invoices whose number contains `q`, whatever the case (containsPattern lower-cases it).
 * SQLite: from 3 characters, the trigram table of migration 049 gives the candidates and the LIKE
 * keeps exactly those it matches; shorter, a scan. PostgreSQL: ILIKE, which its trigram index serves.
 */
export function numeroContient(q: string, postgres: boolean, f = 'f') {
  const pattern = containsPattern(q);
  const numero = sql.ref(`${f}.numero`);
  if (postgres) return sql<SqlBool>`${numero} ilike ${pattern} escape '\\'`;
  const like = sql<SqlBool>`lower(${numero}) like ${pattern} escape '\\'`;
  if ([...q].length < 3) return like;
  return sql<SqlBool>`(${sql.ref(`${f}.id`)} in (select rowid from factures_recherche where factures_recherche match ${phrase(q)}) and ${like})`;
}

const nomContient = (q: string) =>
  sql<SqlBool>`cq.nom_recherche like ${containsPattern(searchKey(q))} escape '\\'`;

/** The ids of the shop's customers whose name contains `q`, or undefined beyond CLIENTS_LUS. */
export async function clientsTrouves(
  db: Kysely<DB>,
  shop: FactureListShop,
  q: string,
): Promise<number[] | undefined> {
  const rows = await db
    .selectFrom('clients as cq')
    .select('cq.id')
    .where('cq.service_id', '=', shop.id)
    .where(nomContient(q))
    .limit(CLIENTS_LUS + 1)
    .execute();
  return rows.length > CLIENTS_LUS ? undefined : rows.map((r) => r.id);
}

/** Invoice `f`'s customer is one the search found (or, `not`, is none of them). */
export function deClientsTrouves(
  eb: Eb,
  shop: FactureListShop,
  q: string,
  w: Where,
  f = 'f',
  not = false,
): Expression<SqlBool> {
  const column = `${f}.client_id` as 'f.client_id';
  if (w.clients?.length === 0) return sql<SqlBool>`${sql.lit(not ? 1 : 0)} = 1`;
  const set =
    w.clients ??
    eb
      .selectFrom('clients as cq')
      .select('cq.id')
      .where('cq.service_id', '=', shop.id)
      .where(nomContient(q));
  return eb(column, not ? 'not in' : 'in', set);
}

/** The number or the customer's name contains `q`. */
export const search = (eb: Eb, shop: FactureListShop, q: string, w: Where) =>
  eb.or([numeroContient(q, w.postgres), deClientsTrouves(eb, shop, q, w)]);

/**
 * The same invoices as `search`, written as the set of the matches of each part: both databases
 * then read them on the number's trigram index and the customers' index, where they would walk
 * every invoice of the shop testing the two parts.
 */
export const searchSet = (eb: Eb, shop: FactureListShop, q: string, w: Where) =>
  eb(
    'f.id',
    'in',
    eb
      .selectFrom('factures as fn')
      .select('fn.id')
      .where('fn.service_id', '=', shop.id)
      .where(numeroContient(q, w.postgres, 'fn'))
      .union(
        eb
          .selectFrom('factures as fc')
          .select('fc.id')
          .where('fc.service_id', '=', shop.id)
          .where(deClientsTrouves(eb, shop, q, w, 'fc')),
      ),
  );
