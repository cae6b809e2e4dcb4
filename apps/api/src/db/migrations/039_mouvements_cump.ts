import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * The stock ledger carries the cost (issue 13): each movement keeps `cump`, the product's weighted
 * average cost in force right after it, written with the movement by modules/stock. The value of
 * the stock at the end of a past day is then its quantity × the cost of its last movement up to
 * then, and a purchase validated later no longer changes it.
 *
 * Movements written before this migration did not keep their cost; it is rebuilt from the
 * purchases, which kept theirs (`achat_lignes.cump_avant`, `cump_apres`): the cost after the last
 * purchase of the product validated at or before the movement (its own purchase included), else
 * the cost before the first purchase validated after it, else (never bought) the product's cost
 * today. Exact as long as the cost changed only through purchases; a cost corrected by hand on the
 * product's form before this migration is not known.
 *
 * SQLite cannot add a NOT NULL column without a default: the column stays nullable there, and the
 * report reads an empty cost as the product's cost today (only a row written outside
 * modules/stock could have one).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('mouvements_stock').addColumn('cump', 'bigint').execute();
  const purchase = (apres: boolean) => sql`(
    select ${sql.raw(apres ? 'l.cump_apres' : 'l.cump_avant')} from achat_lignes l
      inner join achats a on a.id = l.achat_id
    where l.service_id = mouvements_stock.service_id
      and l.produit_id = mouvements_stock.produit_id
      and a.validated_at is not null
      and a.validated_at ${sql.raw(apres ? '<=' : '>')} mouvements_stock.created_at
    order by a.validated_at ${sql.raw(apres ? 'desc' : 'asc')}, a.id ${sql.raw(apres ? 'desc' : 'asc')}
    limit 1)`;
  await sql`update mouvements_stock set cump = coalesce(${purchase(true)}, ${purchase(false)},
    (select p.prix_achat from produits p where p.id = mouvements_stock.produit_id))`.execute(db);
  if (ctx.dialect === 'postgres')
    await sql`alter table mouvements_stock alter column cump set not null`.execute(db);
}
