import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';
import { createSummary, dayOf, type Summary } from '../summaries.js';

/**
 * The product figures of the dashboard and of the product report (db/summaries.ts): per shop,
 * product (0 for a service line), UTC day, and the sale's seller and sale type (the report's
 * filters), the number of sale lines, the quantity sold, its HT and TTC amounts and cost (on the day of the sale), and the
 * quantity returned, its HT and TTC amounts and cost (on the day of the return).
 */

/** Value of a quantity in thousandths at a unit cost, rounded half away from zero (as the report). */
const value = (quantity: string, unitCost: string) =>
  `case when ${quantity} >= 0 then (${quantity} * ${unitCost} + 500) / 1000 else -((-${quantity} * ${unitCost} + 500) / 1000) end`;

const SUMS = [
  'lignes',
  'quantite',
  'total_ht',
  'total_ttc',
  'cout',
  'quantite_retournee',
  'retours_ht',
  'retours_ttc',
  'cout_retours',
];

export const PRODUITS_JOURS: Summary = {
  table: 'produits_jours',
  keys: {
    service_id: 'integer',
    jour: 'varchar(10)',
    produit_id: 'integer',
    user_id: 'integer',
    type_vente_id: 'integer',
  },
  sums: SUMS,
  feeds: [
    {
      table: 'vente_lignes',
      alias: 'l',
      from: '$ l join ventes v on v.id = l.vente_id',
      keys: {
        service_id: 'v.service_id',
        jour: dayOf('v.created_at'),
        produit_id: 'coalesce(l.produit_id, 0)',
        user_id: 'v.user_id',
        type_vente_id: 'v.type_vente_id',
      },
      sums: {
        lignes: '1',
        quantite: 'l.quantite',
        total_ht: 'l.montant_ht',
        total_ttc: 'l.montant_ttc',
        cout: value('l.quantite', 'l.prix_achat'),
      },
    },
    {
      table: 'retour_lignes',
      alias: 'rl',
      from: '$ rl join retours r on r.id = rl.retour_id join vente_lignes vl on vl.id = rl.vente_ligne_id join ventes v on v.id = r.vente_id',
      keys: {
        service_id: 'r.service_id',
        jour: dayOf('r.created_at'),
        produit_id: 'rl.produit_id',
        user_id: 'v.user_id',
        type_vente_id: 'v.type_vente_id',
      },
      sums: {
        quantite_retournee: 'rl.quantite',
        retours_ht: 'rl.montant_ht',
        retours_ttc: 'rl.montant_ttc',
        cout_retours: value('rl.quantite', 'vl.prix_achat'),
      },
    },
  ],
};

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await createSummary(db, ctx, PRODUITS_JOURS);
}
