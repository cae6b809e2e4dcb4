import {
  PostgresAdapter,
  sql,
  type ExpressionBuilder,
  type Kysely,
  type Transaction,
} from 'kysely';
import { STOCK_QUANTITY_MAX } from '@comptoir/shared';
import { businessRule } from '../../core/errors.js';
import { figee } from '../../db/figees.js';
import type { DB } from '../../db/schema.js';
import {
  applyMovement,
  mouvementsDe,
  changedAt,
  checkStockBounds,
  negatifAutorise,
  refusalOf,
  type MovementInput,
} from './stock.service.js';

/** Stock moves of a document's several products at once (sales, purchases, inventories). */

export type MovementsInput = Omit<MovementInput, 'produitId' | 'quantite'> & {
  /** One entry per product (distinct ids); signed thousandths, never zero. */
  lignes: Array<{ produitId: number; quantite: number }>;
};

/** Stock moved by moveStock whose movements are still to write (`mouvementsDe` of stock.service.ts). */
export interface StockDeplace {
  /** New quantity by product id. */
  quantites: Map<number, number>;
  /** The products moved, in id order, with the cost in force after the move. */
  lignes: Array<{ produitId: number; quantite: number; cump: number }>;
}

/**
 * applyMovement for several products of one document, in two statements whatever their number:
 * one UPDATE locks the rows in id order (PostgreSQL: concurrent documents never deadlock) and
 * moves every quantity with the same under-zero condition per row, and one INSERT writes the
 * movements, each by the same amount as its row. If any row is refused, the 409 (or 404) names
 * the first such product in id order, as applyMovement one by one would, and the caller's
 * transaction rolls every row back. Returns the new quantities by product id.
 */
export async function applyMovements(
  trx: Transaction<DB>,
  input: MovementsInput,
): Promise<Map<number, number>> {
  if (input.lignes.length === 1) {
    const [l] = input.lignes;
    const { lignes: _lignes, ...common } = input;
    const quantite = await applyMovement(trx, { ...common, ...l! });
    return new Map([[l!.produitId, quantite]]);
  }
  const deplace = await moveStock(trx, input);
  if (deplace.lignes.length)
    await trx.insertInto('mouvements_stock').values(mouvementsDe(input, deplace.lignes)).execute();
  return deplace.quantites;
}

/**
 * The UPDATE of moveStock, built once per number of products (db/figees.ts). Parameters, the
 * quantities cast (PostgreSQL infers no type for them inside the CASE): one SQL text per number of
 * lines, so SQLite reuses its prepared statement (literals made every sale a new statement to
 * prepare, 0.2 ms, and pushed the others out of the cache of database.ts). PostgreSQL: the rows
 * locked in id order (concurrent documents never deadlock) in the very statement that moves them,
 * one round trip; SQLite has a single writer. FOR NO KEY UPDATE, the lock an UPDATE of these
 * columns takes: FOR UPDATE would also wait for the key-share locks that other sales' foreign keys
 * hold on the product until they commit (a sale waiting, in its line summaries, for this one:
 * deadlock).
 */
const deplacer = figee(
  (
    db: Kysely<DB>,
    ids: number[],
    quantites: number[],
    serviceId: number,
    negatifPermis: boolean,
    at: string,
  ) => {
    const delta = sql<number>`(case produits.id ${sql.join(
      ids.map((id, i) => sql`when ${id} then cast(${quantites[i]} as integer)`),
      sql` `,
    )} end)`;
    const set = { quantite: sql<number>`quantite + ${delta}`, updated_at: at };
    const permis = (eb: ExpressionBuilder<DB, 'produits'>) =>
      eb.or([
        sql<boolean>`${delta} > 0`,
        sql<boolean>`${sql.lit(negatifPermis ? 1 : 0)} = 1`,
        sql<boolean>`quantite + ${delta} >= 0`,
        negatifAutorise(eb, serviceId),
      ]);
    const columns = ['produits.id', 'quantite', 'prix_achat', 'nom'] as const;
    return db.getExecutor().adapter instanceof PostgresAdapter
      ? db
          .with(
            (cte) => cte('verrou').materialized(),
            (d) =>
              d
                .selectFrom('produits')
                .select('id')
                .where('id', 'in', ids)
                .orderBy('id')
                .forNoKeyUpdate(),
          )
          .updateTable('produits')
          .from('verrou')
          .set(set)
          .whereRef('produits.id', '=', 'verrou.id')
          .where('produits.service_id', '=', serviceId)
          .where(permis)
          .returning(columns)
      : db
          .updateTable('produits')
          .set(set)
          .where('produits.id', 'in', ids)
          .where('produits.service_id', '=', serviceId)
          .where(permis)
          .returning(columns);
  },
);

/**
 * The first half of applyMovements: the quantities moved by one UPDATE, the movements not written
 * yet. A sale moves its stock before it takes its number (its products locked before the shop's
 * hot rows), then writes the movements with the sale (ventes.write.ts). The caller writes them in
 * the same transaction: a quantity is always the sum of its movements when it commits.
 */
export async function moveStock(
  trx: Transaction<DB>,
  input: Omit<MovementsInput, 'motif' | 'documentType' | 'documentId'>,
): Promise<StockDeplace> {
  const lignes = [...input.lignes].sort((a, b) => a.produitId - b.produitId);
  for (let i = 0; i < lignes.length; i++) {
    const l = lignes[i]!;
    if (!Number.isSafeInteger(l.quantite) || l.quantite === 0)
      throw new RangeError('Quantité de mouvement invalide');
    if (Math.abs(l.quantite) > STOCK_QUANTITY_MAX)
      throw businessRule('La quantité du mouvement est trop grande.');
    if (!Number.isSafeInteger(l.produitId) || (i > 0 && lignes[i - 1]!.produitId === l.produitId))
      throw new RangeError('Produits de mouvement invalides');
  }
  const quantites = new Map<number, number>();
  if (lignes.length === 0) return { quantites, lignes: [] };
  const updated = await deplacer(
    trx,
    lignes.map((l) => l.produitId),
    lignes.map((l) => l.quantite),
    input.serviceId,
    Boolean(input.negatifPermis),
    changedAt(),
  );
  checkStockBounds(updated);
  const cumps = new Map(updated.map((r) => [r.id, Number(r.prix_achat)]));
  for (const r of updated) quantites.set(r.id, Number(r.quantite));
  const refused = lignes.find((l) => !quantites.has(l.produitId));
  if (refused) throw await refusalOf(trx, input.serviceId, refused.produitId);
  return {
    quantites,
    lignes: lignes.map((l) => ({ ...l, cump: cumps.get(l.produitId)! })),
  };
}
