import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import {
  addDays,
  parseSort,
  searchKey,
  shopTimeZone,
  startOfLocalDayUtc,
  type ModePaiement,
  type VenteListItem,
  type VenteListQuery,
  type VentePage,
  type VenteStatut,
} from '@comptoir/shared';
import { containsPattern, offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import { idsOf, rowsOf } from '../../core/csv-export.js';

/** The list's filters and sort, without its page (the export's query). */
export type VenteFilters = Omit<VenteListQuery, 'page' | 'size'>;
type Filters = VenteFilters;
type Eb = ExpressionBuilder<DB & { v: DB['ventes'] }, 'v'>;

/** What the list needs of its shop: id, currency (CSV), country (its calendar days and clock). */
export interface ListShop {
  id: number;
  devise: string;
  pays: string | null;
}

/** `du` and `au` are the shop's calendar days: [start of du, start of the day after au) in its zone. */
function where(eb: Eb, shop: ListShop, f: Filters) {
  const zone = shopTimeZone(shop.pays);
  const c = [eb('v.service_id', '=', shop.id)];
  if (f.du) c.push(eb('v.created_at', '>=', startOfLocalDayUtc(f.du, zone)));
  if (f.au) c.push(eb('v.created_at', '<', startOfLocalDayUtc(addDays(f.au, 1), zone)));
  if (f.vendeurId !== undefined) c.push(eb('v.user_id', '=', f.vendeurId));
  if (f.clientId !== undefined) c.push(eb('v.client_id', '=', f.clientId));
  if (f.statut) c.push(eb('v.statut', '=', f.statut));
  if (f.mode || f.operateur) {
    let paid = eb.selectFrom('paiements as p').select('p.id').whereRef('p.vente_id', '=', 'v.id');
    if (f.mode) paid = paid.where('p.mode', '=', f.mode);
    if (f.operateur) paid = paid.where('p.operateur', '=', f.operateur);
    c.push(eb.exists(paid));
  }
  if (f.q) {
    const q = f.q;
    c.push(
      eb.or([
        sql<boolean>`lower(v.numero) like ${containsPattern(q)} escape '\\'`,
        eb.exists(
          eb
            .selectFrom('clients as cq')
            .select('cq.id')
            .whereRef('cq.id', '=', 'v.client_id')
            .where(
              sql<boolean>`cq.nom_recherche like ${containsPattern(searchKey(q))} escape '\\'`,
            ),
        ),
      ]),
    );
  }
  return eb.and(c);
}

const SORTS = { created_at: 'v.created_at', numero: 'v.numero', total_ttc: 'v.total_ttc' } as const;

/** A list row's columns: the sale with its names, lines count and what is left to pay. */
function selectRows(db: Kysely<DB>) {
  return db
    .selectFrom('ventes as v')
    .innerJoin('types_ventes as t', 't.id', 'v.type_vente_id')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .leftJoin('clients as c', 'c.id', 'v.client_id')
    .leftJoin('dettes as d', 'd.vente_id', 'v.id')
    .select([
      'v.id',
      'v.numero',
      'v.created_at',
      'v.client_id',
      'c.nom as client_nom',
      'c.telephone as client_telephone',
      'v.user_id',
      'u.prenom as user_prenom',
      'u.nom as user_nom',
      'v.type_vente_id',
      't.nom as type_nom',
      'v.total_ttc',
      'v.montant_paye',
      'v.montant_retourne',
      'v.statut',
      sql<number>`coalesce(d.montant - d.paye, 0)`.as('reste'),
      sql<number>`(select count(*) from vente_lignes l where l.vente_id = v.id)`.as(
        'nombre_lignes',
      ),
    ]);
}

function selectItems(db: Kysely<DB>, shop: ListShop, f: Filters) {
  const { field, direction } = f.sort
    ? parseSort(f.sort, 'created_at')
    : { field: 'created_at' as const, direction: 'desc' as const };
  return selectRows(db)
    .where((eb) => where(eb as unknown as Eb, shop, f))
    .orderBy(sql.ref(SORTS[field as keyof typeof SORTS]), direction)
    .orderBy('v.id', direction);
}

/** The ids of the sales matching the filters, in the list's order (the export's first read). */
export const findVenteIds = (db: Kysely<DB>, shop: ListShop, f: Filters): Promise<number[]> =>
  idsOf(selectItems(db, shop, f).clearSelect().select('v.id'));

/** These sales of the shop as list items, in the order of `ids`. */
export async function findVentesByIds(
  db: Kysely<DB>,
  shopId: number,
  ids: readonly number[],
): Promise<VenteListItem[]> {
  if (ids.length === 0) return [];
  const rows = selectRows(db)
    .where('v.service_id', '=', shopId)
    .where('v.id', 'in', [...ids]);
  return withModes(db, await rowsOf(ids, rows));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

async function withModes(db: Kysely<DB>, rows: Row[]): Promise<VenteListItem[]> {
  const modes = new Map<number, ModePaiement[]>();
  if (rows.length) {
    const ps = await db
      .selectFrom('paiements')
      .select(['vente_id', 'mode'])
      .distinct()
      .where(
        'vente_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    for (const p of ps)
      modes.set(p.vente_id, [...(modes.get(p.vente_id) ?? []), p.mode as ModePaiement]);
  }
  return rows.map((r) => ({
    id: r.id,
    numero: r.numero,
    createdAt: r.created_at,
    client:
      r.client_id !== null && r.client_nom !== null
        ? { id: r.client_id, nom: r.client_nom, telephone: r.client_telephone ?? null }
        : null,
    vendeur: { id: r.user_id, prenom: r.user_prenom, nom: r.user_nom },
    typeVente: { id: r.type_vente_id, nom: r.type_nom },
    nombreLignes: Number(r.nombre_lignes),
    totalTtc: Number(r.total_ttc),
    montantPaye: Number(r.montant_paye),
    montantRetourne: Number(r.montant_retourne),
    reste: Number(r.reste),
    modes: (modes.get(r.id) ?? []).sort(),
    statut: r.statut as VenteStatut,
  }));
}

/**
 * With a mode or operator filter, the payments of the filtered sales in that mode (by that
 * operator) only: a sale paid partly in cash and partly by mobile money counts its mobile money.
 */
async function paidInMode(db: Kysely<DB>, shop: ListShop, f: Filters): Promise<number | null> {
  if (!f.mode && !f.operateur) return null;
  let q = db
    .selectFrom('ventes as v')
    .innerJoin('paiements as pm', 'pm.vente_id', 'v.id')
    .where((eb) => where(eb as unknown as Eb, shop, f));
  if (f.mode) q = q.where('pm.mode', '=', f.mode);
  if (f.operateur) q = q.where('pm.operateur', '=', f.operateur);
  const row = await q
    .select(sql<number>`coalesce(sum(pm.montant), 0)`.as('montant'))
    .executeTakeFirstOrThrow();
  return Number(row.montant);
}

/** A page of sales, newest first by default, with the totals of the whole filtered set. */
export async function listVentes(
  db: Kysely<DB>,
  shop: ListShop,
  query: VenteListQuery,
): Promise<VentePage> {
  const totals = await db
    .selectFrom('ventes as v')
    .leftJoin('dettes as d', 'd.vente_id', 'v.id')
    .where((eb) => where(eb as unknown as Eb, shop, query))
    .select([
      sql<number>`count(*)`.as('nombre'),
      sql<number>`coalesce(sum(v.total_ttc), 0)`.as('total_ttc'),
      sql<number>`coalesce(sum(v.montant_paye), 0)`.as('montant_paye'),
      sql<number>`coalesce(sum(v.montant_retourne), 0)`.as('montant_retourne'),
      sql<number>`coalesce(sum(d.montant - d.paye), 0)`.as('reste'),
    ])
    .executeTakeFirstOrThrow();
  const montantMode = await paidInMode(db, shop, query);
  const rows = await selectItems(db, shop, query)
    .limit(query.size)
    .offset(offsetOf(query))
    .execute();
  return {
    items: await withModes(db, rows),
    total: Number(totals.nombre),
    page: query.page,
    size: query.size,
    totaux: {
      nombre: Number(totals.nombre),
      totalTtc: Number(totals.total_ttc),
      montantPaye: Number(totals.montant_paye),
      montantRetourne: Number(totals.montant_retourne),
      reste: Number(totals.reste),
      montantMode,
    },
  };
}
