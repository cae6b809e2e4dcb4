import { sql, type Kysely } from 'kysely';
import {
  addDays,
  MOUVEMENT_TYPES,
  shopTimeZone,
  startOfLocalDayUtc,
  type MouvementsParType,
  type MouvementType,
  type Valorisation,
} from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import { shopToday } from '../../db/time.js';
import type { ReportShop } from './rapports.produits.js';
import { valueSql } from '../tableau/tableau.sommes.js';

/**
 * Stock valuation from the ledger: the quantity of a product at the end of a past day is its
 * quantity now minus its movements since (a product created later had none), valued at the weighted
 * average cost in force then: the latest of the cost its last movement up to that end kept (`cump`,
 * migration 039) and of the last cost corrected by hand up to then (`couts_corriges`, migration
 * 051). Today: the quantity and cost of the product now.
 */

const n = (v: unknown) => Number(v ?? 0);

/** `GET …/rapports/stock?date=…`: per category, at the end of `date` (today by default). */
export async function valorisation(
  db: Kysely<DB>,
  shop: ReportShop,
  date?: string,
): Promise<Valorisation> {
  const today = shopToday(shop);
  const day = date && date < today ? date : today;
  const since = startOfLocalDayUtc(addDays(day, 1), shopTimeZone(shop.pays));
  const past = day < today;
  const later = past
    ? sql`(select produit_id, cast(sum(quantite) as bigint) as q from mouvements_stock
          where service_id = ${shop.id} and created_at >= ${since} group by produit_id)`
    : sql`(select 0 as produit_id, 0 as q)`;
  // The last cost corrected by hand up to the end of the day, unless a movement came after it
  // (then, as without one, the cost of the last movement up to then; an empty one, SQLite rows
  // written outside modules/stock only: the cost today). A movement at the very instant of the
  // correction does not hide it.
  const cost = past
    ? sql`coalesce(
        (select case when not exists (select 1 from mouvements_stock l where l.produit_id = p.id
            and l.created_at > c.created_at and l.created_at < ${since}) then c.cump_apres end
          from couts_corriges c where c.produit_id = p.id and c.created_at < ${since}
          order by c.created_at desc, c.id desc limit 1),
        (select l.cump from mouvements_stock l where l.produit_id = p.id
          and l.created_at < ${since} order by l.created_at desc, l.id desc limit 1),
        p.prix_achat)`
    : sql`p.prix_achat`;
  const { rows } = await sql<{
    categorie_id: number | null;
    nom: string | null;
    produits: number;
    quantite: number;
    valeur: number;
  }>`
    select y.categorie_id, c.nom, sum(case when y.q <> 0 then 1 else 0 end) as produits,
      sum(y.q) as quantite, sum(${valueSql('y.q', 'y.prix_achat')}) as valeur
    from (
      select p.categorie_id, ${cost} as prix_achat, p.quantite - coalesce(m.q, 0) as q
      from produits p left join ${later} m on m.produit_id = p.id
      where p.service_id = ${shop.id}
    ) y left join categories c on c.id = y.categorie_id
    group by y.categorie_id, c.nom
    having sum(case when y.q <> 0 then 1 else 0 end) > 0
    order by c.nom is null, c.nom, y.categorie_id`.execute(db);
  const categories = rows.map((r) => ({
    categorieId: r.categorie_id,
    nom: r.nom ?? 'Sans catégorie',
    produits: n(r.produits),
    quantite: n(r.quantite),
    valeur: n(r.valeur),
  }));
  return {
    date: day,
    categories,
    total: categories.reduce(
      (t, c) => ({
        produits: t.produits + c.produits,
        quantite: t.quantite + c.quantite,
        valeur: t.valeur + c.valeur,
      }),
      { produits: 0, quantite: 0, valeur: 0 },
    ),
  };
}

/** `GET …/rapports/mouvements?du=…&au=…`: the ledger's movements of the period by kind. */
export async function mouvementsParType(
  db: Kysely<DB>,
  shop: ReportShop,
  p: { du: string; au: string },
): Promise<MouvementsParType> {
  const zone = shopTimeZone(shop.pays);
  const rows = await db
    .selectFrom('mouvements_stock')
    .where('service_id', '=', shop.id)
    .where('created_at', '>=', startOfLocalDayUtc(p.du, zone))
    .where('created_at', '<', startOfLocalDayUtc(addDays(p.au, 1), zone))
    .select([
      'type',
      sql<number>`count(*)`.as('nombre'),
      sql<number>`sum(case when quantite > 0 then quantite else 0 end)`.as('entrees'),
      sql<number>`sum(case when quantite < 0 then -quantite else 0 end)`.as('sorties'),
    ])
    .groupBy('type')
    .execute();
  const byType = new Map(rows.map((r) => [r.type, r]));
  return {
    du: p.du,
    au: p.au,
    types: MOUVEMENT_TYPES.filter((t) => byType.has(t)).map((type: MouvementType) => {
      const r = byType.get(type)!;
      return { type, nombre: n(r.nombre), entrees: n(r.entrees), sorties: n(r.sorties) };
    }),
  };
}
