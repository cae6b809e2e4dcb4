import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import {
  currencyExponent,
  formatDate,
  MODE_PAIEMENT_LABELS,
  parseSort,
  type DepenseListQuery,
  type DepensePage,
} from '@comptoir/shared';
import { csvExport, idsOf, rowsOf, type CsvExport } from '../../core/csv-export.js';
import { lowerContains, offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import { decimal } from '../produits/produits.csv.js';
import { mapDepense, selectDepenses } from './depenses.repository.js';

type Filters = Omit<DepenseListQuery, 'page' | 'size'>;
type Eb = ExpressionBuilder<DB & { d: DB['depenses'] }, 'd'>;

/**
 * The live expenses of the shop matching the filters. `supprime_le is null` is written as the
 * partial indexes of migration 012 say it, so that both databases read them.
 */
function where(eb: Eb, serviceId: number, f: Filters) {
  const c: Expression<SqlBool>[] = [
    eb('d.service_id', '=', serviceId),
    eb('d.supprime_le', 'is', null),
  ];
  if (f.du) c.push(eb('d.date', '>=', f.du));
  if (f.au) c.push(eb('d.date', '<=', f.au));
  if (f.categorieId !== undefined) c.push(eb('d.categorie_id', '=', f.categorieId));
  if (f.q) c.push(lowerContains(sql`d.libelle`, f.q));
  return eb.and(c);
}

const SORTS = { date: 'd.date', montant: 'd.montant' } as const;

/** The ids of the filtered expenses in the list's order, read on the expenses' indexes alone. */
function selectIds(db: Kysely<DB>, serviceId: number, f: Filters) {
  const { field, direction } = f.sort
    ? parseSort<keyof typeof SORTS>(f.sort, 'date')
    : { field: 'date' as const, direction: 'desc' as const };
  const order = sql.ref(SORTS[field]);
  const ids = db
    .selectFrom('depenses as d')
    .select('d.id')
    .where((eb) => where(eb as unknown as Eb, serviceId, f))
    .orderBy(order, direction)
    .orderBy('d.id', direction);
  return { ids, order, direction };
}

/** A page: its ids first (a deep page skips index entries, not joined rows), then their columns. */
function selectPage(db: Kysely<DB>, serviceId: number, f: Filters, limit: number, offset: number) {
  const { ids, order, direction } = selectIds(db, serviceId, f);
  return selectDepenses(db)
    .where('d.id', 'in', ids.limit(limit).offset(offset))
    .orderBy(order, direction)
    .orderBy('d.id', direction);
}

/**
 * Number and sum per category of the filtered set. Without a text search they add up the day
 * totals the database keeps (migration 043); a search reads the expenses.
 */
function groupsOf(db: Kysely<DB>, serviceId: number, f: Filters) {
  if (f.q)
    return db
      .selectFrom('depenses as d')
      .where((eb) => where(eb as unknown as Eb, serviceId, f))
      .select([
        'd.categorie_id',
        sql<number>`count(*)`.as('nombre'),
        sql<number>`sum(d.montant)`.as('montant'),
      ])
      .groupBy('d.categorie_id')
      .execute();
  let q = db
    .selectFrom('depenses_jours as j')
    .where('j.service_id', '=', serviceId)
    .where('j.supprimee', '=', 0);
  if (f.du) q = q.where('j.jour', '>=', f.du);
  if (f.au) q = q.where('j.jour', '<=', f.au);
  if (f.categorieId !== undefined) q = q.where('j.categorie_id', '=', f.categorieId);
  return q
    .select([
      'j.categorie_id',
      sql<number>`sum(j.nombre)`.as('nombre'),
      sql<number>`sum(j.montant)`.as('montant'),
    ])
    .groupBy('j.categorie_id')
    .having(sql<number>`sum(j.nombre)`, '>', 0)
    .execute();
}

/** A page of expenses, newest first by default, with the totals of the whole filtered set. */
export async function listDepenses(
  db: Kysely<DB>,
  serviceId: number,
  query: DepenseListQuery,
): Promise<DepensePage> {
  const groups = await groupsOf(db, serviceId, query);
  const names = new Map(
    groups.length
      ? (
          await db
            .selectFrom('depense_categories')
            .select(['id', 'nom'])
            .where(
              'id',
              'in',
              groups.map((g) => g.categorie_id),
            )
            .execute()
        ).map((c) => [c.id, c.nom])
      : [],
  );
  const parCategorie = groups
    .map((g) => ({
      categorie: { id: g.categorie_id, nom: names.get(g.categorie_id) ?? '' },
      nombre: Number(g.nombre),
      montant: Number(g.montant),
    }))
    .sort((a, b) => b.montant - a.montant || a.categorie.id - b.categorie.id);
  const nombre = parCategorie.reduce((n, g) => n + g.nombre, 0);
  const rows = await selectPage(db, serviceId, query, query.size, offsetOf(query)).execute();
  return {
    items: rows.map(mapDepense),
    total: nombre,
    page: query.page,
    size: query.size,
    totaux: { nombre, montant: parCategorie.reduce((n, g) => n + g.montant, 0), parCategorie },
  };
}

export const DEPENSES_CSV_HEADERS = [
  'Date',
  'Catégorie',
  'Libellé',
  'Montant',
  'Mode de paiement',
  'Justificatif',
  'Enregistrée par',
];

/**
 * Every live expense matching the filters as CSV for a French spreadsheet, written in pieces
 * (core/csv-export.ts): the ids in the list's order, then their rows (one deleted meanwhile left out).
 */
export async function exportDepensesCsv(
  db: Kysely<DB>,
  shop: { id: number; devise: string },
  query: Filters,
  tranche?: number,
): Promise<CsvExport> {
  const e = currencyExponent(shop.devise);
  return csvExport({
    headers: DEPENSES_CSV_HEADERS,
    keys: await idsOf(selectIds(db, shop.id, query).ids),
    read: async (ids) =>
      (
        await rowsOf(
          ids,
          selectDepenses(db)
            .where('d.service_id', '=', shop.id)
            .where('d.supprime_le', 'is', null)
            .where('d.id', 'in', [...ids]),
        )
      ).map(mapDepense),
    cells: (d) => [
      formatDate(d.date, 'UTC'),
      d.categorie.nom,
      d.libelle,
      decimal(d.montant, e),
      MODE_PAIEMENT_LABELS[d.mode],
      d.justificatif ? (d.justificatif.type === 'pdf' ? 'PDF' : 'Photo') : 'Non',
      `${d.auteur.prenom} ${d.auteur.nom}`,
    ],
    tranche,
  });
}
