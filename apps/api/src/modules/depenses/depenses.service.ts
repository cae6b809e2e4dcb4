import type { Selectable } from 'kysely';
import type { Depense, DepenseEtat, DepenseUpdate } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import type { ServicesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { checkDepense } from './depenses.checks.js';
import { lockDepense, recordChange } from './depenses.historique.js';
import { etatOf, readDepense } from './depenses.repository.js';

/** Reading, editing and deleting an expense; edits and deletions are the owner's (routes). */

export const getDepense = (ctx: AppContext, serviceId: number, id: number): Promise<Depense> =>
  readDepense(ctx.database.db, serviceId, id);

/** The owner's edit: the new content, and the change in the history (none when nothing changed). */
export async function updateDepense(
  ctx: AppContext,
  shop: Selectable<ServicesTable>,
  userId: number,
  id: number,
  input: DepenseUpdate,
): Promise<Depense> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const before = await lockDepense(trx, shop.id, id);
    const { categorieNom } = await checkDepense(trx, shop, input);
    const avant = etatOf(before);
    const apres: DepenseEtat = {
      categorie: categorieNom,
      libelle: input.libelle,
      montant: input.montant,
      date: input.date,
      mode: input.mode,
      justificatif: avant.justificatif,
    };
    if (JSON.stringify(avant) === JSON.stringify(apres)) return; // nothing changed: no entry
    await trx
      .updateTable('depenses')
      .set({
        categorie_id: input.categorieId,
        libelle: input.libelle,
        montant: input.montant,
        date: input.date,
        mode: input.mode,
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    await recordChange(trx, {
      serviceId: shop.id,
      depenseId: id,
      action: 'modification',
      userId,
      avant,
      apres,
    });
  });
  return readDepense(ctx.database.db, shop.id, id);
}

/**
 * The owner's deletion: the expense leaves lists and totals but keeps its row, its receipt and its
 * history (with the deletion: who, when, the state it had), still readable by its id and in the
 * shop's history.
 */
export async function deleteDepense(
  ctx: AppContext,
  serviceId: number,
  userId: number,
  id: number,
): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const before = await lockDepense(trx, serviceId, id);
    const now = nowIso();
    await trx
      .updateTable('depenses')
      .set({ supprime_le: now, supprime_par: userId, updated_at: now })
      .where('id', '=', id)
      .execute();
    await recordChange(trx, {
      serviceId,
      depenseId: id,
      action: 'suppression',
      userId,
      avant: etatOf(before),
      apres: null,
    });
  });
}
