import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { depenseInputSchema } from '@comptoir/shared';
import type { AppContext } from '../../src/core/context.js';
import type { ServicesTable } from '../../src/db/schema.js';
import { storeFile } from '../../src/modules/files/upload.js';
import { createCategorieDepense } from '../../src/modules/depenses/depenses.categories.js';
import { createDepense } from '../../src/modules/depenses/depenses.create.js';
import { redPng } from './images.js';

/**
 * Expense fixtures of the authorization matrix, made by the module's own operations: a category,
 * an expense with a receipt, and a factory of fresh expenses without one.
 */
export async function depenseFixtures(
  ctx: AppContext,
  shop: Selectable<ServicesTable>,
  userId: number,
) {
  const categorieDepenseId = (await createCategorieDepense(ctx, shop.id, { nom: 'Matrice' })).id;
  let n = 0;
  const newDepense = async () =>
    (
      await createDepense(
        ctx,
        shop,
        userId,
        depenseInputSchema.parse({
          cleIdempotence: randomUUID(),
          categorieId: categorieDepenseId,
          libelle: `Dépense ${++n}`,
          montant: 1000,
          date: '2020-01-10',
          mode: 'especes',
        }),
      )
    ).depense.id;
  const depenseId = await newDepense();
  const png = await redPng();
  await ctx.database.db.transaction().execute(async (trx) => {
    const fileId = await storeFile(trx, png, 'image/png', userId);
    await trx
      .updateTable('depenses')
      .set({ justificatif_file_id: fileId })
      .where('id', '=', depenseId)
      .execute();
  });
  return { categorieDepenseId, depenseId, newDepense };
}
