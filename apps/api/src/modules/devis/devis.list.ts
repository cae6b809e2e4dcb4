import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import {
  addDays,
  parseSort,
  searchKey,
  shopTimeZone,
  startOfLocalDayUtc,
  type DevisListQuery,
  type DevisPage,
} from '@comptoir/shared';
import { containsPattern, offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import { shopToday } from '../../db/time.js';
import type { VenteShop } from '../ventes/ventes.read.js';
import { statutOf } from './devis.read.js';

type Eb = ExpressionBuilder<DB & { d: DB['devis'] }, 'd'>;

/** Filters; « envoyé » and « expiré » split the stored « envoye » on the shop's day. */
function where(eb: Eb, shop: VenteShop, f: DevisListQuery) {
  const zone = shopTimeZone(shop.pays);
  const today = shopToday(shop);
  const c = [eb('d.service_id', '=', shop.id)];
  if (f.du) c.push(eb('d.created_at', '>=', startOfLocalDayUtc(f.du, zone)));
  if (f.au) c.push(eb('d.created_at', '<', startOfLocalDayUtc(addDays(f.au, 1), zone)));
  if (f.clientId !== undefined) c.push(eb('d.client_id', '=', f.clientId));
  if (f.statut === 'expire' || f.statut === 'envoye') {
    c.push(eb('d.statut', '=', 'envoye'));
    c.push(eb('d.date_validite', f.statut === 'expire' ? '<' : '>=', today));
  } else if (f.statut) c.push(eb('d.statut', '=', f.statut));
  if (f.q) {
    const q = f.q;
    c.push(
      eb.or([
        sql<boolean>`lower(d.numero) like ${containsPattern(q)} escape '\\'`,
        sql<boolean>`c.nom_recherche like ${containsPattern(searchKey(q))} escape '\\'`,
      ]),
    );
  }
  return eb.and(c);
}

const SORTS = {
  created_at: 'd.created_at',
  numero: 'd.numero',
  total_ttc: 'd.total_ttc',
  date_validite: 'd.date_validite',
} as const;

/** A page of the shop's quotes and the totals of the whole filtered set. */
export async function listDevis(
  db: Kysely<DB>,
  shop: VenteShop,
  f: DevisListQuery,
): Promise<DevisPage> {
  const base = db
    .selectFrom('devis as d')
    .innerJoin('clients as c', 'c.id', 'd.client_id')
    .where((eb) => where(eb as unknown as Eb, shop, f));
  const { field, direction } = f.sort
    ? parseSort(f.sort, 'created_at')
    : { field: 'created_at' as const, direction: 'desc' as const };
  const [totaux, rows] = await Promise.all([
    base
      .select((eb) => [
        eb.fn.countAll<number>().as('nombre'),
        sql<number>`coalesce(sum(d.total_ht), 0)`.as('total_ht'),
        sql<number>`coalesce(sum(d.total_ttc), 0)`.as('total_ttc'),
      ])
      .executeTakeFirstOrThrow(),
    base
      .leftJoin('ventes as v', 'v.id', 'd.vente_id')
      .select([
        'd.id',
        'd.numero',
        'd.statut',
        'd.created_at',
        'd.date_validite',
        'd.client_id',
        'c.nom as client_nom',
        'd.total_ht',
        'd.total_ttc',
        'd.vente_id',
        'v.numero as vente_numero',
        sql<number>`(select count(*) from devis_lignes l where l.devis_id = d.id)`.as('lignes'),
      ])
      .orderBy(sql.ref(SORTS[field as keyof typeof SORTS]), direction)
      .orderBy('d.id', direction)
      .limit(f.size)
      .offset(offsetOf(f))
      .execute(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      numero: r.numero,
      statut: statutOf(shop, r.statut, r.date_validite),
      createdAt: r.created_at,
      dateValidite: r.date_validite,
      client: { id: r.client_id, nom: r.client_nom },
      nombreLignes: Number(r.lignes),
      totalHt: Number(r.total_ht),
      totalTtc: Number(r.total_ttc),
      vente:
        r.vente_id !== null && r.vente_numero !== null
          ? { id: r.vente_id, numero: r.vente_numero }
          : null,
    })),
    total: Number(totaux.nombre),
    page: f.page,
    size: f.size,
    totaux: {
      nombre: Number(totaux.nombre),
      totalHt: Number(totaux.total_ht),
      totalTtc: Number(totaux.total_ttc),
    },
  };
}
