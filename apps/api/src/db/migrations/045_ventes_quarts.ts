import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';
import { createSummary, quarterOf, type Summary } from '../summaries.js';

/**
 * The dashboard's series and sellers (db/summaries.ts): per shop, UTC quarter of an hour of the
 * sale and seller, the number of sales, their TTC and HT totals and the cost of their lines; per
 * shop and UTC quarter of an hour of the return, the number of returns and their lines' TTC, HT
 * and cost. A quarter of an hour falls in one hour of the shop's clock in every zone whose days
 * start on a quarter of a UTC hour (tableau.buckets.ts).
 */

/** Cost of a quantity in thousandths at a unit cost, rounded half up (as tableau.series.ts). */
const cost = (unitCost: string, quantity: string) => `(${unitCost} * ${quantity} + 500) / 1000`;

const SALE = {
  service_id: 'v.service_id',
  quart: quarterOf('v.created_at'),
  user_id: 'v.user_id',
};

export const VENTES_QUARTS: Summary = {
  table: 'ventes_quarts',
  keys: { service_id: 'integer', quart: 'varchar(16)', user_id: 'integer' },
  sums: ['nombre', 'total_ttc', 'total_ht', 'cout'],
  feeds: [
    {
      table: 'ventes',
      alias: 'v',
      from: '$ v',
      keys: SALE,
      sums: { nombre: '1', total_ttc: 'v.total_ttc', total_ht: 'v.total_ht' },
    },
    {
      table: 'vente_lignes',
      alias: 'l',
      from: '$ l join ventes v on v.id = l.vente_id',
      keys: SALE,
      sums: { cout: cost('l.prix_achat', 'l.quantite') },
    },
  ],
};

const RETURN = { service_id: 'r.service_id', quart: quarterOf('r.created_at') };

export const RETOURS_QUARTS: Summary = {
  table: 'retours_quarts',
  keys: { service_id: 'integer', quart: 'varchar(16)' },
  sums: ['nombre', 'total_ttc', 'total_ht', 'cout'],
  feeds: [
    { table: 'retours', alias: 'r', from: '$ r', keys: RETURN, sums: { nombre: '1' } },
    {
      table: 'retour_lignes',
      alias: 'rl',
      from: '$ rl join retours r on r.id = rl.retour_id join vente_lignes vl on vl.id = rl.vente_ligne_id',
      keys: RETURN,
      sums: {
        total_ttc: 'rl.montant_ttc',
        total_ht: 'rl.montant_ht',
        cout: cost('vl.prix_achat', 'rl.quantite'),
      },
    },
  ],
};

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await createSummary(db, ctx, VENTES_QUARTS);
  await createSummary(db, ctx, RETOURS_QUARTS);
}
