import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  Inventaire,
  InventaireData,
  InventaireLigne,
  InventaireLignesQuery,
  InventaireListQuery,
  Page,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { businessRule, conflict, validationError } from '../../core/errors.js';
import { isUniqueViolation } from '../../core/idempotence.js';
import { offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import {
  findInventaire,
  inventaireOf,
  lignesPage,
  type InventaireRow,
} from './inventaires.repository.js';

/** Opening, cancelling and reading inventories (docs/regles-metier.md « Inventaires »). */

export const DEJA_OUVERT =
  'Un inventaire est déjà en cours dans cette boutique : validez-le ou annulez-le avant d’en ouvrir un autre.';

/** 409 for a session that is no longer open, naming what it became. */
export function closedConflict(row: Pick<InventaireRow, 'statut'>): Error {
  return conflict(
    row.statut === 'valide'
      ? 'Cet inventaire est déjà validé : il ne change plus.'
      : 'Cet inventaire est annulé : il ne change plus.',
  );
}

/**
 * A new open session: its perimeter's products (active ones, and inactive ones still holding stock)
 * with their quantities on hand, copied by one INSERT … SELECT (one consistent read).
 */
export async function openInventaire(
  ctx: AppContext,
  serviceId: number,
  userId: number,
  input: InventaireData,
): Promise<Inventaire> {
  const { db } = ctx.database;
  const categorieIds = input.categorieIds ?? [];
  if (categorieIds.length > 0) {
    const found = await db
      .selectFrom('categories')
      .select('id')
      .where('service_id', '=', serviceId)
      .where('id', 'in', categorieIds)
      .execute();
    const missing = categorieIds.findIndex((id) => !found.some((c) => c.id === id));
    if (missing >= 0)
      throw validationError([
        {
          field: `categorieIds.${missing}`,
          message: 'Cette catégorie n’existe pas dans la boutique.',
        },
      ]);
  }
  try {
    const id = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('inventaires')
        .values({
          service_id: serviceId,
          statut: 'ouvert',
          perimetre: input.perimetre,
          note: input.note ?? null,
          ouvert_par: userId,
          ouvert_le: nowIso(),
          cloture_par: null,
          cloture_le: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (categorieIds.length > 0)
        await trx
          .insertInto('inventaire_categories')
          .values(categorieIds.map((categorie_id) => ({ inventaire_id: id, categorie_id })))
          .execute();
      let produits = trx
        .selectFrom('produits')
        .select([sql.lit(id).as('inventaire_id'), 'id', 'quantite'])
        .where('service_id', '=', serviceId)
        .where((eb) => eb.or([eb('actif', '=', 1), eb('quantite', '<>', 0)]));
      if (categorieIds.length > 0) produits = produits.where('categorie_id', 'in', categorieIds);
      const inserted = await trx
        .insertInto('inventaire_lignes')
        .columns(['inventaire_id', 'produit_id', 'quantite_ouverture'])
        .expression(produits)
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0)
        throw businessRule('Aucun produit à inventorier dans ce périmètre.');
      return id;
    });
    return getInventaire(ctx, serviceId, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DEJA_OUVERT);
    throw error;
  }
}

/**
 * Closing writes, once, what the lines will show from then on: the cost price and, for an
 * uncounted product, its quantity at closing. Only an open session closes (one UPDATE decides).
 */
export async function closeInventaire(
  trx: Transaction<DB>,
  row: InventaireRow,
  statut: 'valide' | 'annule',
  userId: number,
): Promise<void> {
  const closed = await trx
    .updateTable('inventaires')
    .set({ statut, cloture_par: userId, cloture_le: nowIso() })
    .where('id', '=', row.id)
    .where('statut', '=', 'ouvert')
    .returning('id')
    .executeTakeFirst();
  if (!closed) {
    const now = await trx
      .selectFrom('inventaires')
      .select('statut')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    throw closedConflict(now);
  }
  await trx
    .updateTable('inventaire_lignes')
    .set({
      prix_achat: sql`(select p.prix_achat from produits p where p.id = inventaire_lignes.produit_id)`,
      quantite_au_comptage: sql`coalesce(quantite_au_comptage, (select p.quantite from produits p where p.id = inventaire_lignes.produit_id))`,
    })
    .where('inventaire_id', '=', row.id)
    .execute();
}

/** Cancels an open session: nothing is written to the stock; its counts stay for the record. */
export async function cancelInventaire(
  ctx: AppContext,
  serviceId: number,
  userId: number,
  id: number,
): Promise<Inventaire> {
  const { db } = ctx.database;
  const row = await findInventaire(db, serviceId, id);
  await db.transaction().execute((trx) => closeInventaire(trx, row, 'annule', userId));
  return getInventaire(ctx, serviceId, id);
}

export async function getInventaire(
  ctx: AppContext,
  serviceId: number,
  id: number,
  db: Kysely<DB> = ctx.database.db,
): Promise<Inventaire> {
  return inventaireOf(db, await findInventaire(db, serviceId, id));
}

/** The shop's sessions, newest first, each with its summary. */
export async function listInventaires(
  ctx: AppContext,
  serviceId: number,
  query: InventaireListQuery,
): Promise<Page<Inventaire>> {
  const { db } = ctx.database;
  const [rows, count] = await Promise.all([
    db
      .selectFrom('inventaires')
      .selectAll()
      .where('service_id', '=', serviceId)
      .orderBy('id', 'desc')
      .limit(query.size)
      .offset(offsetOf(query))
      .execute(),
    db
      .selectFrom('inventaires')
      .where('service_id', '=', serviceId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const items = await Promise.all(rows.map((r) => inventaireOf(db, r)));
  return { items, total: Number(count.n), page: query.page, size: query.size };
}

export async function listLignes(
  ctx: AppContext,
  serviceId: number,
  id: number,
  query: InventaireLignesQuery,
): Promise<Page<InventaireLigne>> {
  const { db } = ctx.database;
  await findInventaire(db, serviceId, id);
  const { items, total } = await lignesPage(db, id, query);
  return { items, total, page: query.page, size: query.size };
}
