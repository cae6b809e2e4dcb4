import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import {
  ACHAT_STATUT_LABELS,
  currencyExponent,
  parseSort,
  type AchatListItem,
  type AchatListQuery,
  type AchatPage,
  type AchatStatut,
} from '@comptoir/shared';
import { csvExport, idsOf, rowsOf, type CsvExport } from '../../core/csv-export.js';
import { containsPattern, offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import { decimal } from '../produits/produits.csv.js';
import { resteSql } from './achats.read.js';

type Filters = Omit<AchatListQuery, 'page' | 'size'>;
type Eb = ExpressionBuilder<DB & { a: DB['achats'] }, 'a'>;

const RESTE = resteSql('a');

/** Filters on indexed columns: (shop, day), (shop, status, day), (shop, supplier, day). */
function where(eb: Eb, serviceId: number, f: Filters) {
  const c = [eb('a.service_id', '=', serviceId)];
  if (f.du) c.push(eb('a.date_achat', '>=', f.du));
  if (f.au) c.push(eb('a.date_achat', '<=', f.au));
  if (f.fournisseurId !== undefined) c.push(eb('a.fournisseur_id', '=', f.fournisseurId));
  if (f.statut) c.push(eb('a.statut', '=', f.statut));
  if (f.q) {
    const pattern = containsPattern(f.q);
    c.push(
      eb.or([
        sql<boolean>`lower(a.numero) like ${pattern} escape '\\'`,
        sql<boolean>`lower(a.reference_fournisseur) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return eb.and(c);
}

const SORTS = { date: 'a.date_achat', numero: 'a.numero', total: 'a.total' } as const;

/** A list row's columns: the purchase with its supplier and what is left to pay. */
function selectRows(db: Kysely<DB>) {
  return db
    .selectFrom('achats as a')
    .innerJoin('fournisseurs as f', 'f.id', 'a.fournisseur_id')
    .select([
      'a.id',
      'a.numero',
      'a.statut',
      'a.fournisseur_id',
      'f.nom as fournisseur_nom',
      'a.date_achat',
      'a.reference_fournisseur',
      'a.echeance',
      'a.total',
      'a.montant_paye',
      'a.montant_retourne',
      RESTE.as('reste'),
      'a.created_at',
    ]);
}

/** The ids of the filtered purchases in the list's order, read on the purchases' indexes alone. */
function selectIds(db: Kysely<DB>, serviceId: number, f: Filters) {
  const { field, direction } = f.sort
    ? parseSort(f.sort, 'date')
    : { field: 'date' as const, direction: 'desc' as const };
  const order = sql.ref(SORTS[field as keyof typeof SORTS]);
  return {
    ids: db
      .selectFrom('achats as a')
      .select('a.id')
      .where((eb) => where(eb as unknown as Eb, serviceId, f))
      .orderBy(order, direction)
      .orderBy('a.id', direction),
    order,
    direction,
  };
}

/**
 * A page of list rows: its ids first (a deep page skips index entries, not joined rows), then
 * their columns in the same order.
 */
function selectPage(db: Kysely<DB>, serviceId: number, f: Filters, limit: number, offset: number) {
  const { ids, order, direction } = selectIds(db, serviceId, f);
  return selectRows(db)
    .where('a.id', 'in', ids.limit(limit).offset(offset))
    .orderBy(order, direction)
    .orderBy('a.id', direction);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

const itemOf = (r: Row): AchatListItem => ({
  id: r.id,
  numero: r.numero,
  statut: r.statut as AchatStatut,
  fournisseur: { id: r.fournisseur_id, nom: r.fournisseur_nom },
  date: r.date_achat,
  referenceFournisseur: r.reference_fournisseur,
  echeance: r.echeance,
  total: Number(r.total),
  montantPaye: Number(r.montant_paye),
  montantRetourne: Number(r.montant_retourne),
  // A draft owes nothing yet.
  reste: r.statut === 'brouillon' ? 0 : Number(r.reste),
  createdAt: r.created_at,
});

/**
 * The totals of the filtered set. Without a text search they add up the day totals the database
 * keeps (migration 041: a few rows per day instead of every purchase); a search reads the purchases.
 */
function totalsOf(db: Kysely<DB>, serviceId: number, f: Filters) {
  if (f.q)
    return db
      .selectFrom('achats as a')
      .where((eb) => where(eb as unknown as Eb, serviceId, f))
      .select([
        sql<number>`count(*)`.as('nombre'),
        sql<number>`coalesce(sum(a.total), 0)`.as('total'),
        sql<number>`coalesce(sum(a.montant_paye), 0)`.as('montant_paye'),
        sql<number>`coalesce(sum(a.montant_retourne), 0)`.as('montant_retourne'),
        sql<number>`coalesce(sum(case when a.statut = 'brouillon' then 0 else ${RESTE} end), 0)`.as(
          'reste',
        ),
      ])
      .executeTakeFirstOrThrow();
  let q = db.selectFrom('achats_jours as j').where('j.service_id', '=', serviceId);
  if (f.du) q = q.where('j.jour', '>=', f.du);
  if (f.au) q = q.where('j.jour', '<=', f.au);
  if (f.fournisseurId !== undefined) q = q.where('j.fournisseur_id', '=', f.fournisseurId);
  if (f.statut) q = q.where('j.statut', '=', f.statut);
  return q
    .select([
      sql<number>`coalesce(sum(j.nombre), 0)`.as('nombre'),
      sql<number>`coalesce(sum(j.total), 0)`.as('total'),
      sql<number>`coalesce(sum(j.montant_paye), 0)`.as('montant_paye'),
      sql<number>`coalesce(sum(j.montant_retourne), 0)`.as('montant_retourne'),
      sql<number>`coalesce(sum(case when j.statut = 'brouillon' then 0 else ${resteSql('j')} end), 0)`.as(
        'reste',
      ),
    ])
    .executeTakeFirstOrThrow();
}

/** A page of purchases, newest day first by default, with the totals of the whole filtered set. */
export async function listAchats(
  db: Kysely<DB>,
  serviceId: number,
  query: AchatListQuery,
): Promise<AchatPage> {
  const [totals, rows] = await Promise.all([
    totalsOf(db, serviceId, query),
    selectPage(db, serviceId, query, query.size, offsetOf(query)).execute(),
  ]);
  return {
    items: rows.map(itemOf),
    total: Number(totals.nombre),
    page: query.page,
    size: query.size,
    totaux: {
      nombre: Number(totals.nombre),
      total: Number(totals.total),
      montantPaye: Number(totals.montant_paye),
      montantRetourne: Number(totals.montant_retourne),
      reste: Number(totals.reste),
    },
  };
}

export const ACHATS_CSV_HEADERS = [
  'Numéro',
  'Date',
  'Fournisseur',
  'Référence du fournisseur',
  'Échéance',
  'Total',
  'Payé',
  'Retourné',
  'Reste à payer',
  'Statut',
];

/**
 * Every purchase matching the filters as CSV for a French spreadsheet, written in pieces
 * (core/csv-export.ts): the ids in the list's order, then their rows.
 */
export async function exportAchatsCsv(
  db: Kysely<DB>,
  shop: { id: number; devise: string },
  f: Filters,
  tranche?: number,
): Promise<CsvExport> {
  const e = currencyExponent(shop.devise);
  return csvExport({
    headers: ACHATS_CSV_HEADERS,
    keys: await idsOf(selectIds(db, shop.id, f).ids),
    read: async (ids) =>
      (
        await rowsOf(
          ids,
          selectRows(db)
            .where('a.service_id', '=', shop.id)
            .where('a.id', 'in', [...ids]),
        )
      ).map(itemOf),
    cells: (a) => [
      a.numero ?? 'Brouillon',
      a.date,
      a.fournisseur.nom,
      a.referenceFournisseur,
      a.echeance,
      decimal(a.total, e),
      decimal(a.montantPaye, e),
      decimal(a.montantRetourne, e),
      decimal(a.reste, e),
      ACHAT_STATUT_LABELS[a.statut],
    ],
    tranche,
  });
}
