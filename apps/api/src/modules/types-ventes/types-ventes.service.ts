import type { Selectable } from 'kysely';
import {
  PRIX_UTILISES,
  type Page,
  type PrixUtilise,
  type TypeVente,
  type TypeVenteData,
  type TypeVenteListQuery,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { conflict, notFound } from '../../core/errors.js';
import { usesOf, type Reference } from '../../db/in-use.js';
import type { TypesVentesTable } from '../../db/schema.js';
import {
  findTypeVente,
  findTypeVentePage,
  typeVenteColumns,
  typeVenteNameTaken,
} from './types-ventes.repository.js';

/**
 * Tables whose rows name a sale type: a sale type in use can only be deactivated. A test compares
 * this list with the schema's foreign keys to sale types.
 */
export const TYPE_VENTE_REFERENCES: readonly Reference[] = [
  { table: 'ventes', column: 'type_vente_id', one: 'vente', many: 'ventes' },
  { table: 'devis', column: 'type_vente_id', one: 'devis', many: 'devis' },
];

const prixUtilise = (value: string): PrixUtilise =>
  (PRIX_UTILISES as readonly string[]).includes(value) ? (value as PrixUtilise) : 'detail';

const toTypeVente = (r: Selectable<TypesVentesTable>): TypeVente => ({
  id: r.id,
  nom: r.nom,
  prixUtilise: prixUtilise(r.prix_utilise),
  actif: r.actif === 1,
});

export async function listTypesVentes(
  ctx: AppContext,
  query: TypeVenteListQuery,
): Promise<Page<TypeVente>> {
  const { items, total } = await findTypeVentePage(ctx.database.db, query);
  return { items: items.map(toTypeVente), total, page: query.page, size: query.size };
}

export async function getTypeVente(ctx: AppContext, id: number): Promise<TypeVente> {
  const row = await findTypeVente(ctx.database.db, id);
  if (!row) throw notFound('Type de vente introuvable.');
  return toTypeVente(row);
}

const nameTaken = () => conflict('Un type de vente porte déjà ce nom.');

export async function createTypeVente(ctx: AppContext, input: TypeVenteData): Promise<TypeVente> {
  const { db } = ctx.database;
  if (await typeVenteNameTaken(db, input.nom)) throw nameTaken();
  const { id } = await db
    .insertInto('types_ventes')
    .values(typeVenteColumns(input))
    .returning('id')
    .executeTakeFirstOrThrow();
  return getTypeVente(ctx, id);
}

export async function updateTypeVente(
  ctx: AppContext,
  id: number,
  input: TypeVenteData,
): Promise<TypeVente> {
  const { db } = ctx.database;
  await getTypeVente(ctx, id);
  if (await typeVenteNameTaken(db, input.nom, id)) throw nameTaken();
  await db.updateTable('types_ventes').set(typeVenteColumns(input)).where('id', '=', id).execute();
  return getTypeVente(ctx, id);
}

export async function deleteTypeVente(ctx: AppContext, id: number): Promise<void> {
  const type = await getTypeVente(ctx, id);
  const uses = await usesOf(ctx.database.db, TYPE_VENTE_REFERENCES, id);
  if (uses.length) {
    throw conflict(
      `Le type de vente « ${type.nom} » figure sur ${uses.join(', ')} : désactivez-le plutôt que de le supprimer.`,
    );
  }
  await ctx.database.db.deleteFrom('types_ventes').where('id', '=', id).execute();
}
