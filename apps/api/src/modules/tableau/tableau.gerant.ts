import { sql, type Kysely } from 'kysely';
import { lundiDe, shopTimeZone, type Jours, type TableauGerant } from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import { shopToday } from '../../db/time.js';
import { depensesDe } from './tableau.charges.js';
import { stockCounts, utcRange, type DashboardShop } from './tableau.shop.js';

/** The manager's dashboard: the shop's day and week (from Monday), and their own sales. */

const n = (v: unknown) => Number(v ?? 0);

async function periodOf(db: Kysely<DB>, shop: DashboardShop, userId: number, p: Jours) {
  const { from, to } = utcRange(p, shopTimeZone(shop.pays));
  const [ventes, reglements, depenses] = await Promise.all([
    db
      .selectFrom('ventes')
      .where('service_id', '=', shop.id)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .select([
        sql<number>`count(*)`.as('nombre'),
        sql<number>`sum(total_ttc)`.as('ttc'),
        sql<number>`sum(case when user_id = ${userId} then 1 else 0 end)`.as('miennes'),
        sql<number>`sum(case when user_id = ${userId} then total_ttc else 0 end)`.as('mien_ttc'),
      ])
      .executeTakeFirst(),
    db
      .selectFrom('reglements')
      .where('service_id', '=', shop.id)
      .where('mode', '<>', 'avoir')
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .select([sql<number>`count(*)`.as('nombre'), sql<number>`sum(montant)`.as('montant')])
      .executeTakeFirst(),
    depensesDe(db, shop.id, p),
  ]);
  const nombre = n(ventes?.nombre);
  const caTtc = n(ventes?.ttc);
  return {
    ...p,
    nombreVentes: nombre,
    caTtc,
    panierMoyen: nombre ? Math.round(caTtc / nombre) : 0,
    mesVentes: { nombre: n(ventes?.miennes), caTtc: n(ventes?.mien_ttc) },
    reglements: { nombre: n(reglements?.nombre), montant: n(reglements?.montant) },
    depenses,
  };
}

/** `GET /api/services/:serviceId/tableau/gerant`. */
export async function managerDashboard(
  db: Kysely<DB>,
  shop: DashboardShop,
  userId: number,
): Promise<TableauGerant> {
  const today = shopToday(shop);
  const [aujourdhui, semaine, stock] = await Promise.all([
    periodOf(db, shop, userId, { du: today, au: today }),
    periodOf(db, shop, userId, { du: lundiDe(today), au: today }),
    stockCounts(db, shop.id),
  ]);
  return {
    service: { id: shop.id, nom: shop.nom, devise: shop.devise },
    aujourdhui,
    semaine,
    stock,
  };
}
