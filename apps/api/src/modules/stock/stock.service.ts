import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import {
  AMOUNT_MAX,
  formatQuantity,
  STOCK_QUANTITY_MAX,
  stockValueExact,
  type MouvementType,
} from '@comptoir/shared';
import { AppError, businessRule, notFound } from '../../core/errors.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

/**
 * A row changes now even when its movement is dated earlier (a sale made offline, demo data): the
 * tills' catalogue refresh reads what changed after its cursor by `updated_at`.
 */
export const changedAt = (): string => nowIso();

export interface MovementInput {
  serviceId: number;
  produitId: number;
  /** Signed, thousandths; never zero. */
  quantite: number;
  type: MouvementType;
  motif?: string | null;
  documentType?: string | null;
  documentId?: number | null;
  userId: number | null;
  /** When it happened (ISO); now by default. Demo data of past days only. */
  at?: string;
  /** The goods are already gone (a sale made offline): the quantity may go under zero. */
  negatifPermis?: boolean;
}

/** 409 naming the product and what is on hand: « … : 3 kg disponibles. » */
export function insufficientStock(
  nom: string,
  disponible: { quantite: number; symbole: string },
): AppError {
  const q = Math.max(0, disponible.quantite);
  const pluriel = q >= 2000 ? 's' : '';
  return new AppError(
    409,
    'CONFLICT',
    'Stock insuffisant',
    `Stock insuffisant pour « ${nom} » : ${formatQuantity(q)} ${disponible.symbole} disponible${pluriel}.`,
  );
}

/** Why a product's row was not moved: it is not in the shop (404), or its stock is short (409). */
export async function refusalOf(
  trx: Transaction<DB>,
  serviceId: number,
  produitId: number,
): Promise<AppError> {
  const produit = await trx
    .selectFrom('produits')
    .innerJoin('unites', 'unites.id', 'produits.unite_id')
    .select(['produits.nom', 'produits.quantite', 'unites.symbole'])
    .where('produits.id', '=', produitId)
    .where('produits.service_id', '=', serviceId)
    .executeTakeFirst();
  if (!produit) return notFound('Produit introuvable.');
  return insufficientStock(produit.nom, {
    quantite: Number(produit.quantite),
    symbole: produit.symbole,
  });
}

/**
 * A quantity or a stock value beyond exact integers is refused (422, French) before the movement
 * is written; the caller's transaction, aborted, leaves the quantity as it was.
 */
export function checkStockBounds(
  rows: Array<{
    quantite: number | string | bigint;
    prix_achat: number | string | bigint;
    nom: string;
  }>,
): void {
  for (const r of rows) {
    const quantite = Number(r.quantite);
    if (Math.abs(quantite) > STOCK_QUANTITY_MAX)
      throw businessRule(
        `Le stock de « ${r.nom} » dépasserait ${formatQuantity(STOCK_QUANTITY_MAX)} : mouvement refusé.`,
      );
    const value = stockValueExact(quantite, Number(r.prix_achat));
    if (value > BigInt(AMOUNT_MAX) || value < -BigInt(AMOUNT_MAX))
      throw businessRule(
        `La valeur du stock de « ${r.nom} » dépasserait la limite des montants : mouvement refusé.`,
      );
  }
}

/** The shop lets its stock go under zero (its setting, read in the statement that moves it). */
export const negatifAutorise = (eb: ExpressionBuilder<DB, 'produits'>, serviceId: number) =>
  eb.exists(
    eb
      .selectFrom('services')
      .select('services.id')
      .where('services.id', '=', serviceId)
      .where('services.stock_negatif_autorise', '=', 1),
  );

/**
 * THE only way a product's quantity changes: moves `produits.quantite` and writes the movement by
 * the same amount, with the cost in force after it (`cump`: a purchase sets its cost first), inside
 * the caller's transaction (the document causing it commits with them). A decrease that would
 * leave the quantity under zero is refused (409) unless the shop allows negative stock, by the
 * UPDATE itself: two concurrent sales cannot both take the last unit. Returns the new quantity.
 */
export async function applyMovement(trx: Transaction<DB>, input: MovementInput): Promise<number> {
  if (!Number.isSafeInteger(input.quantite) || input.quantite === 0)
    throw new RangeError('Quantité de mouvement invalide');
  if (Math.abs(input.quantite) > STOCK_QUANTITY_MAX)
    throw businessRule('La quantité du mouvement est trop grande.');
  const delta = input.quantite;
  const now = input.at ?? nowIso();
  let update = trx
    .updateTable('produits')
    .set({ quantite: sql`quantite + ${delta}`, updated_at: changedAt() })
    .where('id', '=', input.produitId)
    .where('service_id', '=', input.serviceId);
  if (delta < 0 && !input.negatifPermis) {
    update = update.where((eb) =>
      eb.or([sql<boolean>`quantite + ${delta} >= 0`, negatifAutorise(eb, input.serviceId)]),
    );
  }
  const updated = await update.returning(['quantite', 'prix_achat', 'nom']).executeTakeFirst();
  if (!updated) throw await refusalOf(trx, input.serviceId, input.produitId);
  checkStockBounds([updated]);
  await trx
    .insertInto('mouvements_stock')
    .values(
      mouvementsDe({ ...input, at: now }, [
        { produitId: input.produitId, quantite: delta, cump: Number(updated.prix_achat) },
      ]),
    )
    .execute();
  return Number(updated.quantite);
}

/**
 * The ledger rows of moved products for the document named in `input`, each with the cost in
 * force after its move (applyMovement, and applyMovements and a sale through stock.lot.ts).
 */
export function mouvementsDe(
  input: Omit<MovementInput, 'produitId' | 'quantite'>,
  lignes: ReadonlyArray<{ produitId: number; quantite: number; cump: number }>,
) {
  const at = input.at ?? nowIso();
  return lignes.map((l) => ({
    service_id: input.serviceId,
    produit_id: l.produitId,
    quantite: l.quantite,
    type: input.type,
    motif: input.motif ?? null,
    document_type: input.documentType ?? null,
    document_id: input.documentId ?? null,
    user_id: input.userId,
    created_at: at,
    cump: l.cump,
  }));
}

/**
 * Opening stock of products created in the same transaction with `quantite` already equal to it
 * (bulk import): writes their 'initial' movements at their cost, in batches, so that each quantity
 * is the sum of its movements when the transaction commits.
 */
export async function recordOpeningStock(
  trx: Transaction<DB>,
  serviceId: number,
  userId: number,
  items: Array<{ produitId: number; quantite: number; cump: number }>,
): Promise<void> {
  const now = nowIso();
  const rows = items
    .filter((i) => i.quantite !== 0)
    .map((i) => ({
      service_id: serviceId,
      produit_id: i.produitId,
      quantite: i.quantite,
      type: 'initial',
      motif: 'Stock initial (import)',
      document_type: null,
      document_id: null,
      user_id: userId,
      created_at: now,
      cump: i.cump,
    }));
  for (let i = 0; i < rows.length; i += 1000)
    await trx
      .insertInto('mouvements_stock')
      .values(rows.slice(i, i + 1000))
      .execute();
}
