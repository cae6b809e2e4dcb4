import { sql, type Transaction } from 'kysely';
import { formatQuantity, type MouvementType } from '@comptoir/shared';
import { AppError, notFound } from '../../core/errors.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

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
}

/** 409 naming the product and, when known, what is on hand: « … : 3 kg disponibles. » */
export function insufficientStock(nom: string, disponible?: { quantite: number; symbole: string }): AppError {
  if (!disponible) return new AppError(409, 'CONFLICT', 'Stock insuffisant', `Stock insuffisant pour « ${nom} ».`);
  const q = Math.max(0, disponible.quantite);
  const pluriel = q >= 2000 ? 's' : '';
  return new AppError(409, 'CONFLICT', 'Stock insuffisant', `Stock insuffisant pour « ${nom} » : ${formatQuantity(q)} ${disponible.symbole} disponible${pluriel}.`);
}

/**
 * THE only way a product's quantity changes: moves `produits.quantite` and writes the movement by
 * the same amount, inside the caller's transaction (the document causing it commits with them).
 * A decrease that would leave the quantity under zero is refused (409) unless the shop allows
 * negative stock. The check is part of the UPDATE itself, so two concurrent sales cannot both
 * take the last unit. Returns the new quantity.
 */
export async function applyMovement(trx: Transaction<DB>, input: MovementInput): Promise<number> {
  if (!Number.isSafeInteger(input.quantite) || input.quantite === 0) throw new RangeError('Quantité de mouvement invalide');
  const delta = input.quantite;
  const now = input.at ?? nowIso();
  let update = trx
    .updateTable('produits')
    .set({ quantite: sql`quantite + ${delta}`, updated_at: now })
    .where('id', '=', input.produitId)
    .where('service_id', '=', input.serviceId);
  if (delta < 0) {
    update = update.where((eb) =>
      eb.or([
        sql<boolean>`quantite + ${delta} >= 0`,
        eb.exists(eb.selectFrom('services').select('services.id').where('services.id', '=', input.serviceId).where('services.stock_negatif_autorise', '=', 1)),
      ]),
    );
  }
  const updated = await update.returning('quantite').executeTakeFirst();
  if (!updated) {
    const produit = await trx
      .selectFrom('produits')
      .innerJoin('unites', 'unites.id', 'produits.unite_id')
      .select(['produits.nom', 'produits.quantite', 'unites.symbole'])
      .where('produits.id', '=', input.produitId)
      .where('produits.service_id', '=', input.serviceId)
      .executeTakeFirst();
    if (!produit) throw notFound('Produit introuvable.');
    throw insufficientStock(produit.nom, { quantite: Number(produit.quantite), symbole: produit.symbole });
  }
  await trx
    .insertInto('mouvements_stock')
    .values({
      service_id: input.serviceId,
      produit_id: input.produitId,
      quantite: delta,
      type: input.type,
      motif: input.motif ?? null,
      document_type: input.documentType ?? null,
      document_id: input.documentId ?? null,
      user_id: input.userId,
      created_at: now,
    })
    .execute();
  return Number(updated.quantite);
}

/**
 * Opening stock of products created in the same transaction with `quantite` already equal to it
 * (bulk import): writes their 'initial' movements, in batches, so that each quantity is the sum of
 * its movements when the transaction commits.
 */
export async function recordOpeningStock(
  trx: Transaction<DB>,
  serviceId: number,
  userId: number,
  items: Array<{ produitId: number; quantite: number }>,
): Promise<void> {
  const now = nowIso();
  const rows = items.filter((i) => i.quantite !== 0).map((i) => ({
    service_id: serviceId, produit_id: i.produitId, quantite: i.quantite, type: 'initial', motif: 'Stock initial (import)',
    document_type: null, document_id: null, user_id: userId, created_at: now,
  }));
  for (let i = 0; i < rows.length; i += 1000) await trx.insertInto('mouvements_stock').values(rows.slice(i, i + 1000)).execute();
}
