import type { Inventaire } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { AppError, conflict } from '../../core/errors.js';
import { applyMovements } from '../stock/stock.lot.js';
import { differing, findInventaire, lignesBase, toLigne } from './inventaires.repository.js';
import { closeInventaire, getInventaire } from './inventaires.service.js';

/** Products moved per call of the ledger (bounded statements on both databases). */
const CHUNK = 500;

/**
 * Validation (docs/regles-metier.md « Inventaires »), in one transaction, once: the session is
 * closed by an UPDATE that only an open session passes (a concurrent validation waits, then finds
 * it closed: 409); each counted product whose count differs from the quantity expected at its count
 * gets one 'inventaire' movement of the difference through the ledger, and the line keeps its
 * difference and value at cost. Any refusal (stock that would go under zero, bounds) rolls back
 * everything: the session stays open and no quantity moves.
 */
export async function validateInventaire(
  ctx: AppContext,
  serviceId: number,
  userId: number,
  id: number,
): Promise<Inventaire> {
  const { db } = ctx.database;
  const row = await findInventaire(db, serviceId, id);
  await db.transaction().execute(async (trx) => {
    await closeInventaire(trx, row, 'valide', userId);
    const lignes = (
      await lignesBase(trx, id).where(differing).orderBy('l.produit_id').execute()
    ).map(toLigne);
    for (const l of lignes)
      await trx
        .updateTable('inventaire_lignes')
        .set({ ecart: l.ecart, valeur_ecart: l.valeurEcart })
        .where('inventaire_id', '=', id)
        .where('produit_id', '=', l.produitId)
        .execute();
    await trx
      .updateTable('inventaire_lignes')
      .set({ ecart: 0, valeur_ecart: 0 })
      .where('inventaire_id', '=', id)
      .whereRef('quantite_comptee', '=', 'quantite_au_comptage')
      .execute();
    try {
      for (let i = 0; i < lignes.length; i += CHUNK)
        await applyMovements(trx, {
          serviceId,
          type: 'inventaire',
          motif: `Inventaire n° ${id}`,
          documentType: 'inventaire',
          documentId: id,
          userId,
          lignes: lignes.slice(i, i + CHUNK).map((l) => ({
            produitId: l.produitId,
            quantite: l.ecart!,
          })),
        });
    } catch (error) {
      if (error instanceof AppError && error.status === 409)
        throw conflict(
          `${error.detail} Depuis son comptage, il en est sorti plus qu’il n’en a été compté : recomptez-le, puis validez.`,
        );
      throw error;
    }
  });
  return getInventaire(ctx, serviceId, id);
}
