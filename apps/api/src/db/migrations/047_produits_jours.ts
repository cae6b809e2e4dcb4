import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';
import { createSummary, dayOf, type Summary } from '../summaries.js';

/**
 * The product figures of the dashboard and of the product report (db/summaries.ts): per shop,
 * UTC day, product (0 for a service line), and the sale's seller and sale type (the report's
 * filters), the quantity sold, its HT and TTC amounts and cost (on the day of the sale); the
 * same for the quantities returned (on the day of the return), apart: few products have returns,
 * and the fewer sums the faster a year of products adds up.
 */

/** Value of a quantity in thousandths at a unit cost, rounded half away from zero (as the report). */
const value = (quantity: string, unitCost: string) =>
  `case when ${quantity} >= 0 then (${quantity} * ${unitCost} + 500) / 1000 else -((-${quantity} * ${unitCost} + 500) / 1000) end`;

const KEYS = {
  service_id: 'integer',
  jour: 'varchar(10)',
  produit_id: 'integer',
  user_id: 'integer',
  type_vente_id: 'integer',
} as const;
const SUMS = ['quantite', 'total_ht', 'total_ttc', 'cout'];

export const PRODUITS_JOURS: Summary = {
  table: 'produits_jours',
  keys: KEYS,
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
        quantite: 'l.quantite',
        total_ht: 'l.montant_ht',
        total_ttc: 'l.montant_ttc',
        cout: value('l.quantite', 'l.prix_achat'),
      },
    },
  ],
};

export const PRODUITS_RETOURS_JOURS: Summary = {
  table: 'produits_retours_jours',
  keys: KEYS,
  sums: SUMS,
  feeds: [
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
        quantite: 'rl.quantite',
        total_ht: 'rl.montant_ht',
        total_ttc: 'rl.montant_ttc',
        cout: value('rl.quantite', 'vl.prix_achat'),
      },
    },
  ],
};

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await createSummary(db, ctx, PRODUITS_JOURS);
  await createSummary(db, ctx, PRODUITS_RETOURS_JOURS);
}
