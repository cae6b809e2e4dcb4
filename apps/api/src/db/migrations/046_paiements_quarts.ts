import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';
import { createSummary, quarterOf, type Summary } from '../summaries.js';

/**
 * The dashboard's payments by mode (db/summaries.ts): per shop, UTC quarter of an hour of the
 * sale, mode and operator ('' for none), the number of payments and their amount.
 */
export const PAIEMENTS_QUARTS: Summary = {
  table: 'paiements_quarts',
  keys: {
    service_id: 'integer',
    quart: 'varchar(16)',
    mode: 'varchar(40)',
    operateur: 'varchar(40)',
  },
  sums: ['nombre', 'montant'],
  feeds: [
    {
      table: 'paiements',
      alias: 'p',
      from: '$ p join ventes v on v.id = p.vente_id',
      keys: {
        service_id: 'v.service_id',
        quart: quarterOf('v.created_at'),
        mode: 'p.mode',
        operateur: "coalesce(p.operateur, '')",
      },
      sums: { nombre: '1', montant: 'p.montant' },
    },
  ],
};

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await createSummary(db, ctx, PAIEMENTS_QUARTS);
}
