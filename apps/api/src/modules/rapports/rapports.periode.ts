import { sql, type Kysely } from 'kysely';
import {
  addDays,
  shopTimeZone,
  startOfLocalDayUtc,
  type RapportProduitsExportQuery,
  type RapportToutesVentes,
} from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import { totauxDe } from '../tableau/tableau.series.js';
import type { ReportShop } from './rapports.produits.js';
import { valueSql } from '../tableau/tableau.sommes.js';

/**
 * The product report's figures of the whole period: every sale of its days and every return made
 * in them, lines without product included, with the report's seller and sale-type filters. They are
 * the dashboard's « Chiffre d’affaires HT », « Marge brute » and « Retours » of the same days,
 * computed the same way (sales' totals, line costs, returns by their own day), which the product
 * rows cannot give: they leave out the free lines of converted quotes and count a return once per
 * product. None with a product filter, which these figures do not follow. Without a seller or
 * sale-type filter they are the dashboard's totals themselves (`totauxDe` of tableau.series.ts,
 * from the sales summaries); with one, they read the sales (the returns' summary has no seller).
 */

const n = (v: unknown) => Number(v ?? 0);

export async function toutesVentesOf(
  db: Kysely<DB>,
  shop: ReportShop,
  f: RapportProduitsExportQuery,
): Promise<RapportToutesVentes | null> {
  if (f.categorieId !== undefined || f.marqueId !== undefined || f.produitId !== undefined)
    return null;
  if (f.q?.trim()) return null;
  const zone = shopTimeZone(shop.pays);
  // Unfiltered, the dashboard's own totals of these days, from the sales summaries (a year of
  // sales and lines otherwise: ≈ 400 ms at 1,000,000 lines).
  if (f.vendeurId === undefined && f.typeVenteId === undefined) {
    const t = await totauxDe(db, shop.id, zone, { du: f.du, au: f.au });
    return {
      nombreVentes: t.nombreVentes,
      caHt: t.caHt,
      caTtc: t.caTtc,
      cout: t.coutVentes - t.coutRetours,
      nombreRetours: t.nombreRetours,
      retoursHt: t.retoursHt,
      retoursTtc: t.retoursTtc,
      margeBrute: t.margeBrute,
    };
  }
  const from = startOfLocalDayUtc(f.du, zone);
  const to = startOfLocalDayUtc(addDays(f.au, 1), zone);
  const sales = () => {
    let q = db.selectFrom('ventes as v').where('v.service_id', '=', shop.id);
    if (f.vendeurId !== undefined) q = q.where('v.user_id', '=', f.vendeurId);
    if (f.typeVenteId !== undefined) q = q.where('v.type_vente_id', '=', f.typeVenteId);
    return q;
  };
  const [ventes, lignes, retours] = await Promise.all([
    sales()
      .where('v.created_at', '>=', from)
      .where('v.created_at', '<', to)
      .select([
        sql<number>`count(*)`.as('nombre'),
        sql<number>`sum(v.total_ht)`.as('ht'),
        sql<number>`sum(v.total_ttc)`.as('ttc'),
      ])
      .executeTakeFirst(),
    sales()
      .innerJoin('vente_lignes as l', 'l.vente_id', 'v.id')
      .where('v.created_at', '>=', from)
      .where('v.created_at', '<', to)
      .select(sql<number>`sum(${valueSql('l.quantite', 'l.prix_achat')})`.as('cout'))
      .executeTakeFirst(),
    sales()
      .innerJoin('retours as r', 'r.vente_id', 'v.id')
      .innerJoin('retour_lignes as rl', 'rl.retour_id', 'r.id')
      .innerJoin('vente_lignes as vl', 'vl.id', 'rl.vente_ligne_id')
      .where('r.service_id', '=', shop.id)
      .where('r.created_at', '>=', from)
      .where('r.created_at', '<', to)
      .select([
        sql<number>`count(distinct r.id)`.as('nombre'),
        sql<number>`sum(rl.montant_ht)`.as('ht'),
        sql<number>`sum(rl.montant_ttc)`.as('ttc'),
        sql<number>`sum(${valueSql('rl.quantite', 'vl.prix_achat')})`.as('cout'),
      ])
      .executeTakeFirst(),
  ]);
  const caHt = n(ventes?.ht);
  const retoursHt = n(retours?.ht);
  const cout = n(lignes?.cout) - n(retours?.cout);
  return {
    nombreVentes: n(ventes?.nombre),
    caHt,
    caTtc: n(ventes?.ttc),
    cout,
    nombreRetours: n(retours?.nombre),
    retoursHt,
    retoursTtc: n(retours?.ttc),
    margeBrute: caHt - retoursHt - cout,
  };
}
