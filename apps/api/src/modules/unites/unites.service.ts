import type { Selectable } from 'kysely';
import type { Page, Unite, UniteData, UniteListQuery } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { conflict, notFound } from '../../core/errors.js';
import { usesOf, type Reference } from '../../db/in-use.js';
import type { UnitesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { findUnite, findUnitePage, uniteColumns, uniteNameTaken } from './unites.repository.js';

/**
 * Tables whose rows name a unit: a unit in use can no longer be deleted. A test compares this list
 * with the schema's foreign keys to units.
 */
export const UNITE_REFERENCES: readonly Reference[] = [
  { table: 'produits', column: 'unite_id', one: 'produit', many: 'produits' },
];

const toUnite = (r: Selectable<UnitesTable>): Unite => ({
  id: r.id,
  nom: r.nom,
  symbole: r.symbole,
  fractionnable: r.fractionnable === 1,
  createdAt: r.created_at,
});

export async function listUnites(ctx: AppContext, query: UniteListQuery): Promise<Page<Unite>> {
  const { items, total } = await findUnitePage(ctx.database.db, query);
  return { items: items.map(toUnite), total, page: query.page, size: query.size };
}

export async function getUnite(ctx: AppContext, id: number): Promise<Unite> {
  const row = await findUnite(ctx.database.db, id);
  if (!row) throw notFound('Unité introuvable.');
  return toUnite(row);
}

const nameTaken = () => conflict('Une unité porte déjà ce nom.');

export async function createUnite(ctx: AppContext, input: UniteData): Promise<Unite> {
  const { db } = ctx.database;
  if (await uniteNameTaken(db, input.nom)) throw nameTaken();
  const { id } = await db
    .insertInto('unites')
    .values({ ...uniteColumns(input), created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getUnite(ctx, id);
}

export async function updateUnite(ctx: AppContext, id: number, input: UniteData): Promise<Unite> {
  const { db } = ctx.database;
  await getUnite(ctx, id);
  if (await uniteNameTaken(db, input.nom, id)) throw nameTaken();
  await db.updateTable('unites').set(uniteColumns(input)).where('id', '=', id).execute();
  return getUnite(ctx, id);
}

/** Deletes an unused unit; in use: 409 naming the uses. */
export async function deleteUnite(ctx: AppContext, id: number): Promise<void> {
  const unite = await getUnite(ctx, id);
  const uses = await usesOf(ctx.database.db, UNITE_REFERENCES, id);
  if (uses.length) {
    throw conflict(
      `L'unité « ${unite.nom} » est utilisée par ${uses.join(', ')} : elle ne peut pas être supprimée.`,
    );
  }
  await ctx.database.db.deleteFrom('unites').where('id', '=', id).execute();
}
