import { sql, type Kysely } from 'kysely';
import {
  joursDePeriode,
  periodePrecedente,
  shopTimeZone,
  startOfLocalDayUtc,
  addDays,
  type Jours,
  type ModePaiement,
  type PeriodeQuery,
  type TableauBoutique,
  type TableauFigures,
} from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import { shopToday } from '../../db/time.js';
import { ETAT_STOCK } from '../produits/produits.search.js';
import { depensesDe, dettesFournisseurs } from './tableau.charges.js';
import { periodDetail } from './tableau.detail.js';
import { seriesOf } from './tableau.series.js';

/** The owner's dashboard of one shop: every figure of tableau.ts, on the shop's calendar. */

export interface DashboardShop {
  id: number;
  nom: string;
  devise: string;
  pays: string | null;
}

const n = (v: unknown) => Number(v ?? 0);

/** UTC range [from, to) of the shop's days `p`. */
export function utcRange(p: Jours, zone: string) {
  return { from: startOfLocalDayUtc(p.du, zone), to: startOfLocalDayUtc(addDays(p.au, 1), zone) };
}

/** The period asked, and the one compared with, on the shop's calendar. */
export function periodsOf(shop: DashboardShop, q: PeriodeQuery) {
  const periode = joursDePeriode(q.periode, shopToday(shop), q);
  return { periode, precedente: periodePrecedente(q.periode, periode) };
}

/**
 * Active products under their threshold (above 0) and out of stock: the product list's states,
 * read on its stock-state index (migration 008) — those products only, not the catalogue.
 */
export async function stockCounts(db: Kysely<DB>, shopId: number) {
  const row = await db
    .selectFrom('produits')
    .where('service_id', '=', shopId)
    .where(sql<number>`(${sql.raw(ETAT_STOCK)})`, 'in', [0, 1])
    .where('actif', '=', 1)
    .select([
      sql<number>`sum(case when quantite <= 0 then 1 else 0 end)`.as('rupture'),
      sql<number>`sum(case when quantite > 0 and quantite <= seuil_alerte then 1 else 0 end)`.as(
        'sous_seuil',
      ),
    ])
    .executeTakeFirst();
  return { sousSeuil: n(row?.sous_seuil), rupture: n(row?.rupture) };
}

async function dettesNow(db: Kysely<DB>, shop: DashboardShop) {
  const today = shopToday(shop);
  const row = await db
    .selectFrom('dettes')
    .where('service_id', '=', shop.id)
    .whereRef('paye', '<', 'montant')
    .select([
      sql<number>`sum(montant - paye)`.as('encours'),
      sql<number>`count(*)`.as('nombre'),
      sql<number>`sum(case when echeance < ${today} then montant - paye else 0 end)`.as('retard'),
      sql<number>`sum(case when echeance < ${today} then 1 else 0 end)`.as('nombre_retard'),
    ])
    .executeTakeFirst();
  return {
    encours: n(row?.encours),
    nombre: n(row?.nombre),
    enRetard: n(row?.retard),
    nombreEnRetard: n(row?.nombre_retard),
  };
}

/** Every figure of the shop over `periode`, compared with `precedente`. */
export async function shopFigures(
  db: Kysely<DB>,
  shop: DashboardShop,
  periode: Jours,
  precedente: Jours,
): Promise<TableauFigures> {
  const zone = shopTimeZone(shop.pays);
  const { from, to } = utcRange(periode, zone);
  const [series, { paiements, produits, categories, vendeurs }, dettes, stock, ...charges] =
    await Promise.all([
      seriesOf(db, shop.id, zone, periode, precedente),
      periodDetail(db, shop.id, from, to),
      dettesNow(db, shop),
      stockCounts(db, shop.id),
      dettesFournisseurs(db, shop),
      depensesDe(db, shop.id, periode),
      depensesDe(db, shop.id, precedente),
    ]);
  const [fournisseurs, depenses, depensesAvant] = charges;
  return {
    ...series,
    paiements: paiements.map((p) => ({
      mode: p.mode as ModePaiement,
      operateur: p.operateur,
      nombre: n(p.nombre),
      montant: n(p.montant),
    })),
    dettes,
    stock,
    fournisseurs,
    depenses: { ...depenses, precedent: depensesAvant },
    topProduits: produits.map((p) => ({
      produitId: n(p.id),
      nom: String(p.nom),
      boutique: shop.nom,
      quantite: n(p.quantite),
      caTtc: n(p.ttc),
      marge: n(p.marge),
    })),
    topCategories: categories.map((c) => ({
      categorieId: c.id === null ? null : n(c.id),
      nom: c.nom ?? 'Sans catégorie',
      caTtc: n(c.ttc),
      marge: n(c.marge),
    })),
    vendeurs: vendeurs.map((v) => ({
      userId: v.id,
      prenom: v.prenom,
      nom: v.nom,
      nombre: n(v.nombre),
      caTtc: n(v.ttc),
    })),
  };
}

/** `GET /api/services/:serviceId/tableau`. */
export async function shopDashboard(
  db: Kysely<DB>,
  shop: DashboardShop,
  q: PeriodeQuery,
): Promise<TableauBoutique> {
  const { periode, precedente } = periodsOf(shop, q);
  return {
    service: { id: shop.id, nom: shop.nom, devise: shop.devise },
    periode,
    precedente,
    ...(await shopFigures(db, shop, periode, precedente)),
  };
}
