import { sql, type Kysely } from 'kysely';
import {
  currencyExponent,
  FACTURE_CREDIT_LABELS,
  FACTURE_STATUT_LABELS,
  formatDate,
  parseSort,
  shopTimeZone,
  type FactureListItem,
  type FactureListQuery,
  type FacturePage,
  type FactureStatut,
} from '@comptoir/shared';
import { csvExport, idsOf, rowsOf, type CsvExport } from '../../core/csv-export.js';
import { isPostgres } from '../../db/database.js';
import { offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import { shopToday } from '../../db/time.js';
import { decimal } from '../produits/produits.csv.js';
import { where, type Eb, type FactureListShop, type Filters } from './factures.filtres.js';
import { clientsTrouves } from './factures.recherche.js';
import { creditFacture, statutSql } from './factures.statut.js';
import { totalsOf } from './factures.totaux.js';

export type { FactureListShop } from './factures.filtres.js';

const SORTS = {
  created_at: 'f.created_at',
  numero: 'f.numero',
  total_ttc: 'f.total_ttc',
  echeance: 'f.echeance',
} as const;

/** A list row's columns, the status derived with the shop's day. */
function selectRows(db: Kysely<DB>, shop: FactureListShop) {
  return db
    .selectFrom('factures as f')
    .select([
      'f.id',
      'f.numero',
      'f.created_at',
      'f.echeance',
      'f.client_id',
      'f.client_nom',
      'f.total_ht',
      'f.total_ttc',
      'f.montant_avoirs',
      'f.reste',
      statutSql('f', shopToday(shop)).as('statut'),
    ]);
}

/**
 * A text search matching at most this many invoices is read from its matches (the number's
 * trigram index, the customers' invoices), then sorted; a wider one walks the list's order index
 * until the page is full.
 */
const SEARCH_SORTED_UP_TO = 5000;

/**
 * The ids of the filtered invoices in the list's order, read on the invoices' indexes alone.
 * `matches`, the size of the filtered set, says whether a search is selective. Both databases
 * walked every invoice by date for the 100 of one number (95 ms at 100,000 invoices): a selective
 * search is written as the set of its matches (factures.filtres.ts, searchSet), and on SQLite the
 * order column as `+column`, which leaves it no index to walk; it reads the matches (2 ms).
 */
function selectIds(
  db: Kysely<DB>,
  shop: FactureListShop,
  f: Filters,
  found?: { matches: number; clients: number[] | undefined },
) {
  const { field, direction } = f.sort
    ? parseSort(f.sort, 'created_at')
    : { field: 'created_at' as const, direction: 'desc' as const };
  const postgres = isPostgres(db);
  const column = sql.ref(SORTS[field as keyof typeof SORTS]);
  const searchSet = Boolean(f.q) && found !== undefined && found.matches <= SEARCH_SORTED_UP_TO;
  const order = searchSet && !postgres ? sql`+${column}` : column;
  let ids = db
    .selectFrom('factures as f')
    .select('f.id')
    .where((eb) =>
      where(eb as unknown as Eb, shop, f, { postgres, searchSet, clients: found?.clients }),
    );
  // One payment status: all rows share it, so ordering by it first changes nothing but leads
  // both databases to the (shop, status, day) index rather than scanning every invoice by day for
  // a rare status.
  if (f.statut && f.statut !== 'en_retard' && field === 'created_at')
    ids = ids.orderBy('f.statut_paiement', direction);
  return { ids: ids.orderBy(order, direction).orderBy('f.id', direction), column, direction };
}

/**
 * A page of list rows: its ids first (a deep page skips index entries, not rows), then their
 * columns in the same order.
 */
function selectPage(
  db: Kysely<DB>,
  shop: FactureListShop,
  f: Filters,
  page: { limit: number; offset: number; matches: number; clients: number[] | undefined },
) {
  const { ids, column, direction } = selectIds(db, shop, f, page);
  return selectRows(db, shop)
    .where('f.id', 'in', ids.limit(page.limit).offset(page.offset))
    .orderBy(column, direction)
    .orderBy('f.id', direction);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

const itemOf = (r: Row): FactureListItem => ({
  id: r.id,
  numero: r.numero,
  createdAt: r.created_at,
  echeance: r.echeance,
  client: { id: r.client_id, nom: r.client_nom },
  totalHt: Number(r.total_ht),
  totalTtc: Number(r.total_ttc),
  montantAvoirs: Number(r.montant_avoirs),
  reste: Number(r.reste),
  statut: r.statut as FactureStatut,
  credit: creditFacture(Number(r.total_ttc), Number(r.montant_avoirs)),
});

/** A page of invoices, newest first by default, with the totals of the whole filtered set. */
export async function listFactures(
  db: Kysely<DB>,
  shop: FactureListShop,
  query: FactureListQuery,
): Promise<FacturePage> {
  const clients = query.q ? await clientsTrouves(db, shop, query.q) : undefined;
  const totals = await totalsOf(db, shop, query, clients);
  const rows = await selectPage(db, shop, query, {
    limit: query.size,
    offset: offsetOf(query),
    matches: Number(totals.nombre),
    clients,
  }).execute();
  return {
    items: rows.map(itemOf),
    total: Number(totals.nombre),
    page: query.page,
    size: query.size,
    totaux: {
      nombre: Number(totals.nombre),
      totalHt: Number(totals.total_ht),
      totalTtc: Number(totals.total_ttc),
      montantAvoirs: Number(totals.montant_avoirs),
      reste: Number(totals.reste),
    },
  };
}

export const FACTURES_CSV_HEADERS = [
  'Numéro',
  'Date',
  'Client',
  'Échéance',
  'Total HT',
  'Total TTC',
  'Avoirs',
  'Reste à payer',
  'Statut',
  'Avoir',
];

/**
 * Every invoice matching the filters as CSV for a French spreadsheet, days on the shop's calendar;
 * written in pieces (core/csv-export.ts): the ids in the list's order, then their rows.
 */
export async function exportFacturesCsv(
  db: Kysely<DB>,
  shop: FactureListShop,
  query: Filters,
  tranche?: number,
): Promise<CsvExport> {
  const e = currencyExponent(shop.devise);
  const zone = shopTimeZone(shop.pays);
  return csvExport({
    headers: FACTURES_CSV_HEADERS,
    keys: await idsOf(selectIds(db, shop, query).ids),
    read: async (ids) =>
      (
        await rowsOf(
          ids,
          selectRows(db, shop)
            .where('f.service_id', '=', shop.id)
            .where('f.id', 'in', [...ids]),
        )
      ).map(itemOf),
    cells: (f) => [
      f.numero,
      formatDate(f.createdAt, zone),
      f.client.nom,
      formatDate(`${f.echeance}T12:00:00Z`, 'UTC'),
      decimal(f.totalHt, e),
      decimal(f.totalTtc, e),
      decimal(f.montantAvoirs, e),
      decimal(f.reste, e),
      FACTURE_STATUT_LABELS[f.statut],
      FACTURE_CREDIT_LABELS[f.credit],
    ],
    tranche,
  });
}
