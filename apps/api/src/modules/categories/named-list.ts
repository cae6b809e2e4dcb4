import { sql, type Kysely, type Selectable } from 'kysely';
import { parseSort, type Page, frenchSortKey } from '@comptoir/shared';
import { conflict, notFound } from '../../core/errors.js';
import { lowerContains, offsetOf } from '../../db/paging.js';
import type { CategoriesTable, DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

/**
 * Categories and brands are the same shape: a name unique in the shop (whatever the case) and the
 * products pointing at it. `column` is the products' column naming the row.
 */
export interface NamedList {
  table: 'categories' | 'marques';
  column: 'categorie_id' | 'marque_id';
  /** « La catégorie », « La marque ». */
  label: string;
  /** « Cette catégorie », « Cette marque ». */
  demonstrative: string;
  feminine: boolean;
}

export interface NamedItem {
  id: number;
  nom: string;
  nbProduits: number;
  createdAt: string;
}

interface ListQuery {
  page: number;
  size: number;
  sort?: string | undefined;
  q?: string | undefined;
}

const SORTS = { nom: 'nom_tri', nb_produits: 'nb_produits', created_at: 'created_at' } as const;
const key = (nom: string) => nom.toLowerCase();

export async function listNamed(
  db: Kysely<DB>,
  list: NamedList,
  serviceId: number,
  query: ListQuery,
): Promise<Page<NamedItem>> {
  const base = db
    .selectFrom(list.table)
    .where('service_id', '=', serviceId)
    .where((eb) => eb.and(query.q ? [lowerContains(sql`nom`, query.q)] : []));
  const { field, direction } = parseSort<keyof typeof SORTS>(query.sort, 'nom');
  const count = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'nom', 'created_at'])
    .select((eb) =>
      eb
        .selectFrom('produits')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef(`produits.${list.column}`, '=', `${list.table}.id`)
        .as('nb_produits'),
    )
    .orderBy(sql.ref(SORTS[field]), direction)
    .orderBy('id', direction)
    .limit(query.size)
    .offset(offsetOf(query))
    .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      nom: r.nom,
      nbProduits: Number(r.nb_produits ?? 0),
      createdAt: r.created_at,
    })),
    total: Number(count.n),
    page: query.page,
    size: query.size,
  };
}

async function findRow(
  db: Kysely<DB>,
  list: NamedList,
  serviceId: number,
  id: number,
): Promise<Selectable<CategoriesTable>> {
  const row = await db
    .selectFrom(list.table)
    .selectAll()
    .where('id', '=', id)
    .where('service_id', '=', serviceId)
    .executeTakeFirst();
  if (!row) throw notFound(`${list.label} est introuvable.`);
  return row;
}

const countProducts = async (db: Kysely<DB>, list: NamedList, id: number) =>
  Number(
    (
      await db
        .selectFrom('produits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(list.column, '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

export async function getNamed(
  db: Kysely<DB>,
  list: NamedList,
  serviceId: number,
  id: number,
): Promise<NamedItem> {
  const row = await findRow(db, list, serviceId, id);
  return {
    id: row.id,
    nom: row.nom,
    nbProduits: await countProducts(db, list, id),
    createdAt: row.created_at,
  };
}

async function assertNameFree(
  db: Kysely<DB>,
  list: NamedList,
  serviceId: number,
  nom: string,
  exceptId?: number,
): Promise<void> {
  let q = db
    .selectFrom(list.table)
    .select('id')
    .where('service_id', '=', serviceId)
    .where('nom_cle', '=', key(nom));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst())
    throw conflict(`${list.label} « ${nom} » existe déjà dans cette boutique.`);
}

export async function createNamed(
  db: Kysely<DB>,
  list: NamedList,
  serviceId: number,
  nom: string,
): Promise<NamedItem> {
  await assertNameFree(db, list, serviceId, nom);
  const { id } = await db
    .insertInto(list.table)
    .values({
      service_id: serviceId,
      nom,
      nom_cle: key(nom),
      nom_tri: frenchSortKey(nom),
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getNamed(db, list, serviceId, id);
}

export async function renameNamed(
  db: Kysely<DB>,
  list: NamedList,
  serviceId: number,
  id: number,
  nom: string,
): Promise<NamedItem> {
  await findRow(db, list, serviceId, id);
  await assertNameFree(db, list, serviceId, nom, id);
  await db
    .updateTable(list.table)
    .set({ nom, nom_cle: key(nom), nom_tri: frenchSortKey(nom) })
    .where('id', '=', id)
    .execute();
  return getNamed(db, list, serviceId, id);
}

/** Deletes an unused row; used: 409 « Cette catégorie est utilisée par 12 produits. » */
export async function deleteNamed(
  db: Kysely<DB>,
  list: NamedList,
  serviceId: number,
  id: number,
): Promise<void> {
  await findRow(db, list, serviceId, id);
  const n = await countProducts(db, list, id);
  if (n > 0) {
    throw conflict(
      `${list.demonstrative} est ${list.feminine ? 'utilisée' : 'utilisé'} par ${n} ${n > 1 ? 'produits' : 'produit'}.`,
    );
  }
  await db.deleteFrom(list.table).where('id', '=', id).execute();
}
