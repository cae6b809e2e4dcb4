import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { isRole, parseSort, type Role, type UserListQuery, type UserSort } from '@comptoir/shared';
import { lowerContains, offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';

/** Who is looking: the admin sees every user; an owner the managers of their shops only. */
export type UserScope = { kind: 'admin' } | { kind: 'owner'; ownerId: number };

type UsersEb = ExpressionBuilder<DB, 'users'>;

/**
 * A manager working in at least one shop of the owner (the owner themself excluded). Driven by the
 * owner's few memberships (`in`), not by a check on every user.
 */
function managerOf(eb: UsersEb, ownerId: number) {
  return eb.and([
    eb('users.id', '!=', ownerId),
    eb(
      'users.id',
      'in',
      eb
        .selectFrom('service_members')
        .innerJoin('services', 'services.id', 'service_members.service_id')
        .select('service_members.user_id')
        .where('services.owner_id', '=', ownerId),
    ),
    eb.exists(
      eb
        .selectFrom('user_roles')
        .select('user_roles.user_id')
        .whereRef('user_roles.user_id', '=', 'users.id')
        .where('user_roles.role', '=', 'ROLE_GERANT'),
    ),
  ]);
}

const USER_COLUMNS = [
  'users.id',
  'users.email',
  'users.prenom',
  'users.nom',
  'users.telephone',
  'users.profile_image_id',
  'users.active',
  'users.password_hash',
  'users.last_login_at',
  'users.created_at',
] as const;

function filtered(
  db: Kysely<DB>,
  scope: UserScope,
  query: Omit<UserListQuery, 'page' | 'size' | 'sort'>,
) {
  return db.selectFrom('users').where((eb) => {
    const conditions = [];
    if (scope.kind === 'owner') conditions.push(managerOf(eb, scope.ownerId));
    if (query.role) {
      conditions.push(
        eb.exists(
          eb
            .selectFrom('user_roles')
            .select('user_roles.user_id')
            .whereRef('user_roles.user_id', '=', 'users.id')
            .where('user_roles.role', '=', query.role),
        ),
      );
    }
    if (query.active !== undefined) conditions.push(eb('users.active', '=', query.active ? 1 : 0));
    if (query.q)
      conditions.push(
        lowerContains(sql`users.prenom || ' ' || users.nom || ' ' || users.email`, query.q),
      );
    return eb.and(conditions);
  });
}

const SORT_COLUMNS: Record<
  UserSort,
  'users.nom_tri' | 'users.prenom_tri' | 'users.email' | 'users.last_login_at' | 'users.created_at'
> = {
  // French order of names (frenchSortKey, migration 027).
  nom: 'users.nom_tri',
  prenom: 'users.prenom_tri',
  email: 'users.email',
  last_login_at: 'users.last_login_at',
  created_at: 'users.created_at',
};

export async function findUserPage(db: Kysely<DB>, scope: UserScope, query: UserListQuery) {
  const { field, direction } = parseSort<UserSort>(query.sort, 'nom');
  const base = filtered(db, scope, query);
  const count = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  let rows = base
    .select(USER_COLUMNS)
    .orderBy(SORT_COLUMNS[field], (ob) =>
      (direction === 'desc' ? ob.desc() : ob.asc()).nullsLast(),
    );
  if (field === 'nom') rows = rows.orderBy('users.prenom_tri', direction);
  const items = await rows
    .orderBy('users.id', direction)
    .limit(query.size)
    .offset(offsetOf(query))
    .execute();
  return { items, total: Number(count.n) };
}

export type UserRow = Awaited<ReturnType<typeof findUserPage>>['items'][number];

export function findVisibleUser(
  db: Kysely<DB>,
  scope: UserScope,
  userId: number,
): Promise<UserRow | undefined> {
  return filtered(db, scope, {})
    .select(USER_COLUMNS)
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function rolesOf(
  db: Kysely<DB>,
  userIds: readonly number[],
): Promise<Map<number, Role[]>> {
  const out = new Map<number, Role[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role'])
    .where('user_id', 'in', [...userIds])
    .orderBy('role')
    .execute();
  for (const r of rows)
    if (isRole(r.role)) out.set(r.user_id, [...(out.get(r.user_id) ?? []), r.role]);
  return out;
}

/**
 * Shops of each user: for the admin, shops owned and shops worked in; for an owner, only the
 * owner's shops the manager works in (other owners' memberships stay invisible).
 */
export async function shopsOf(
  db: Kysely<DB>,
  scope: UserScope,
  userIds: readonly number[],
): Promise<Map<number, Array<{ id: number; nom: string }>>> {
  const out = new Map<number, Array<{ id: number; nom: string }>>();
  if (userIds.length === 0) return out;
  let members = db
    .selectFrom('service_members')
    .innerJoin('services', 'services.id', 'service_members.service_id')
    .select(['service_members.user_id as user_id', 'services.id as id', 'services.nom as nom'])
    .where('service_members.user_id', 'in', [...userIds]);
  if (scope.kind === 'owner') members = members.where('services.owner_id', '=', scope.ownerId);
  const rows = await members.execute();
  if (scope.kind === 'admin') {
    rows.push(
      ...(await db
        .selectFrom('services')
        .select(['owner_id as user_id', 'id', 'nom'])
        .where('owner_id', 'in', [...userIds])
        .execute()),
    );
  }
  rows.sort((a, b) => a.id - b.id);
  for (const r of rows) {
    const list = out.get(r.user_id) ?? [];
    if (!list.some((s) => s.id === r.id)) list.push({ id: r.id, nom: r.nom });
    out.set(r.user_id, list);
  }
  return out;
}

export async function emailTaken(
  db: Kysely<DB>,
  email: string,
  exceptId?: number,
): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Ids among `serviceIds` that are not shops of the owner. */
export async function foreignShops(
  db: Kysely<DB>,
  ownerId: number,
  serviceIds: readonly number[],
): Promise<number[]> {
  if (serviceIds.length === 0) return [];
  const owned = await db
    .selectFrom('services')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', 'in', [...serviceIds])
    .execute();
  const ids = new Set(owned.map((r) => r.id));
  return serviceIds.filter((id) => !ids.has(id));
}

/** Replaces the manager's memberships among the owner's shops; other owners' shops are not touched. */
export async function setMemberships(
  db: Kysely<DB>,
  ownerId: number,
  userId: number,
  serviceIds: readonly number[],
): Promise<void> {
  await db
    .deleteFrom('service_members')
    .where('user_id', '=', userId)
    .where('service_id', 'in', (eb) =>
      eb.selectFrom('services').select('id').where('owner_id', '=', ownerId),
    )
    .execute();
  if (serviceIds.length) {
    await db
      .insertInto('service_members')
      .values(serviceIds.map((service_id) => ({ service_id, user_id: userId })))
      .execute();
  }
}

/** The user of `email` if the scope sees them (an owner: one of their managers), else undefined. */
export function findVisibleUserByEmail(
  db: Kysely<DB>,
  scope: UserScope,
  email: string,
): Promise<{ id: number } | undefined> {
  return filtered(db, scope, {})
    .select('users.id')
    .where('users.email', '=', email)
    .executeTakeFirst();
}
