import { sql, type Kysely } from 'kysely';
import {
  DEPENSE_CATEGORIES_DEFAUT,
  type CategorieDepense,
  type CategorieDepenseData,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { conflict, notFound } from '../../core/errors.js';
import { isUniqueViolation } from '../../core/idempotence.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

/**
 * Expense categories of a shop. Every shop has the defaults (DEPENSE_CATEGORIES_DEFAUT): shops of
 * before migration 012 got them there, a later shop gets them when its categories are first read
 * (`ensureDefaults`, safe when two first reads race: the unique name skips the second insert).
 * A category is never deleted (its expenses must keep it); the owner adds and renames.
 */
const key = (nom: string) => nom.toLowerCase();

export async function ensureDefaults(db: Kysely<DB>, serviceId: number): Promise<void> {
  const any = await db
    .selectFrom('depense_categories')
    .select('id')
    .where('service_id', '=', serviceId)
    .limit(1)
    .executeTakeFirst();
  if (any) return;
  const now = nowIso();
  await db
    .insertInto('depense_categories')
    .values(
      DEPENSE_CATEGORIES_DEFAUT.map((nom) => ({
        service_id: serviceId,
        nom,
        nom_cle: key(nom),
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['service_id', 'nom_cle']).doNothing())
    .execute();
}

/** The shop's categories in the order they were made (defaults first), with their expense count. */
export async function listCategoriesDepenses(
  ctx: AppContext,
  serviceId: number,
): Promise<CategorieDepense[]> {
  const { db } = ctx.database;
  await ensureDefaults(db, serviceId);
  const rows = await db
    .selectFrom('depense_categories as c')
    .select(['c.id', 'c.nom'])
    .select(
      sql<number>`(select count(*) from depenses d where d.categorie_id = c.id and d.supprime_le is null)`.as(
        'n',
      ),
    )
    .where('c.service_id', '=', serviceId)
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ id: r.id, nom: r.nom, nombreDepenses: Number(r.n) }));
}

async function categorieOf(ctx: AppContext, serviceId: number, id: number) {
  const row = await ctx.database.db
    .selectFrom('depense_categories as c')
    .select(['c.id', 'c.nom'])
    .select(
      sql<number>`(select count(*) from depenses d where d.categorie_id = c.id and d.supprime_le is null)`.as(
        'n',
      ),
    )
    .where('c.id', '=', id)
    .where('c.service_id', '=', serviceId)
    .executeTakeFirst();
  if (!row) throw notFound('Catégorie de dépense introuvable.');
  return { id: row.id, nom: row.nom, nombreDepenses: Number(row.n) };
}

const taken = (nom: string) => conflict(`La catégorie « ${nom} » existe déjà dans cette boutique.`);

/** Writes a category, a name taken in the shop (whatever the case) being a 409. */
async function write(run: () => Promise<number>, nom: string): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(nom);
    throw error;
  }
}

export async function createCategorieDepense(
  ctx: AppContext,
  serviceId: number,
  input: CategorieDepenseData,
): Promise<CategorieDepense> {
  const { db } = ctx.database;
  await ensureDefaults(db, serviceId);
  const id = await write(
    async () =>
      (
        await db
          .insertInto('depense_categories')
          .values({
            service_id: serviceId,
            nom: input.nom,
            nom_cle: key(input.nom),
            created_at: nowIso(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    input.nom,
  );
  return categorieOf(ctx, serviceId, id);
}

export async function renameCategorieDepense(
  ctx: AppContext,
  serviceId: number,
  id: number,
  input: CategorieDepenseData,
): Promise<CategorieDepense> {
  await categorieOf(ctx, serviceId, id);
  await write(async () => {
    await ctx.database.db
      .updateTable('depense_categories')
      .set({ nom: input.nom, nom_cle: key(input.nom) })
      .where('id', '=', id)
      .where('service_id', '=', serviceId)
      .execute();
    return id;
  }, input.nom);
  return categorieOf(ctx, serviceId, id);
}
