import { frenchSortKey } from '@comptoir/shared';
import type { FastifyBaseLogger } from 'fastify';
import type {
  Page,
  Role,
  UserCreateData,
  UserItem,
  UserListQuery,
  UserUpdateData,
} from '@comptoir/shared';
import type { AuthUser } from '../../core/authenticate.js';
import type { AppContext } from '../../core/context.js';
import { businessRule, conflict, notFound } from '../../core/errors.js';
import { nowIso } from '../../db/time.js';
import { fileUrl } from '../files/images.js';
import { sendResetLink } from '../account/reset.service.js';
import { revokeAllSessions } from '../auth/auth.service.js';
import { takeMailBudget } from '../auth/mail-budget.js';
import {
  emailTaken,
  findUserPage,
  findVisibleUser,
  foreignShops,
  rolesOf,
  setMemberships,
  shopsOf,
  type UserRow,
  type UserScope,
} from './users.repository.js';

/** The admin sees everyone; an owner (not admin) the managers of their own shops. */
export function scopeOf(user: AuthUser): UserScope {
  return user.roles.includes('ROLE_ADMIN')
    ? { kind: 'admin' }
    : { kind: 'owner', ownerId: user.id };
}

async function toItems(
  ctx: AppContext,
  scope: UserScope,
  rows: readonly UserRow[],
): Promise<UserItem[]> {
  const ids = rows.map((r) => r.id);
  const [roles, shops] = await Promise.all([
    rolesOf(ctx.database.db, ids),
    shopsOf(ctx.database.db, scope, ids),
  ]);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    prenom: r.prenom,
    nom: r.nom,
    telephone: r.telephone,
    profileImage: r.profile_image_id ? fileUrl(r.profile_image_id) : null,
    active: r.active === 1,
    invitationEnAttente: r.password_hash === null,
    roles: scope.kind === 'owner' ? ['ROLE_GERANT'] : (roles.get(r.id) ?? []),
    services: shops.get(r.id) ?? [],
    lastLoginAt: r.last_login_at,
    createdAt: r.created_at,
  }));
}

export async function listUsers(
  ctx: AppContext,
  user: AuthUser,
  query: UserListQuery,
): Promise<Page<UserItem>> {
  const scope = scopeOf(user);
  const { items, total } = await findUserPage(ctx.database.db, scope, query);
  return { items: await toItems(ctx, scope, items), total, page: query.page, size: query.size };
}

async function visible(ctx: AppContext, scope: UserScope, userId: number): Promise<UserRow> {
  const row = await findVisibleUser(ctx.database.db, scope, userId);
  if (!row) throw notFound('Utilisateur introuvable.');
  return row;
}

export async function getUser(ctx: AppContext, user: AuthUser, userId: number): Promise<UserItem> {
  const scope = scopeOf(user);
  const [item] = await toItems(ctx, scope, [await visible(ctx, scope, userId)]);
  return item!;
}

/** Every shop must be the owner's: a foreign or unknown id answers 404, naming nothing. */
async function assertOwnShops(
  ctx: AppContext,
  ownerId: number,
  serviceIds: readonly number[],
): Promise<void> {
  if ((await foreignShops(ctx.database.db, ownerId, serviceIds)).length)
    throw notFound('Boutique introuvable.');
}

const servicesByOwner = () =>
  businessRule('Les boutiques d’un gérant sont attribuées par le propriétaire de ces boutiques.');

/** The role the new account gets: an owner or an admin, never a manager (invited by an owner). */
function roleToCreate(input: UserCreateData): Role {
  const role = input.role ?? 'ROLE_PROPRIETAIRE';
  if (role === 'ROLE_GERANT')
    throw businessRule('Un gérant est invité par le propriétaire de ses boutiques.');
  if (input.services?.length) throw servicesByOwner();
  return role;
}

/**
 * The admin creates an account without password: the new user receives an invitation mail with a
 * link to choose one (the reset mechanism). Owners do not create accounts: they invite their
 * managers (modules/invitations), which never tells them whether an address has an account.
 */
export async function createUser(
  ctx: AppContext,
  actor: AuthUser,
  input: UserCreateData,
  log: FastifyBaseLogger,
): Promise<UserItem> {
  const role = roleToCreate(input);
  const { db } = ctx.database;
  if (await emailTaken(db, input.email)) throw conflict('Cette adresse e-mail est déjà utilisée.');
  const now = nowIso();
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('users')
      .values({
        email: input.email,
        password_hash: null,
        prenom: input.prenom.trim(),
        nom: input.nom.trim(),
        nom_tri: frenchSortKey(input.nom.trim()),
        prenom_tri: frenchSortKey(input.prenom.trim()),
        telephone: input.telephone ?? null,
        profile_image_id: null,
        active: 1,
        last_login_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('user_roles').values({ user_id: id, role }).execute();
    return id;
  });
  try {
    await sendResetLink(ctx, id, true);
  } catch (err) {
    // The account exists: the user can still ask for a link from the sign-in page.
    log.error({ err }, "Échec de l'envoi de l'invitation");
  }
  return getUser(ctx, actor, id);
}

export async function updateUser(
  ctx: AppContext,
  actor: AuthUser,
  userId: number,
  input: UserUpdateData,
): Promise<UserItem> {
  const scope = scopeOf(actor);
  await visible(ctx, scope, userId);
  if (scope.kind === 'admin' && input.services) throw servicesByOwner();
  if (scope.kind === 'owner' && input.services)
    await assertOwnShops(ctx, scope.ownerId, input.services);
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        prenom: input.prenom,
        nom: input.nom,
        nom_tri: frenchSortKey(input.nom),
        prenom_tri: frenchSortKey(input.prenom),
        telephone: input.telephone ?? null,
        updated_at: nowIso(),
      })
      .where('id', '=', userId)
      .execute();
    if (scope.kind === 'owner' && input.services)
      await setMemberships(trx, scope.ownerId, userId, input.services);
  });
  return getUser(ctx, actor, userId);
}

/** Disabling ends every session of the user: refused from their next request on. */
export async function setUserActive(
  ctx: AppContext,
  actor: AuthUser,
  userId: number,
  active: boolean,
): Promise<UserItem> {
  const scope = scopeOf(actor);
  await visible(ctx, scope, userId);
  if (!active && userId === actor.id)
    throw businessRule('Vous ne pouvez pas désactiver votre propre compte.');
  await ctx.database.db
    .updateTable('users')
    .set({ active: active ? 1 : 0, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
  if (!active) await revokeAllSessions(ctx, userId);
  return getUser(ctx, actor, userId);
}

/**
 * « Renvoyer l'invitation » of an account that has not chosen its password yet (created by the
 * admin, or a manager created before invitations existed): its unused links die and a fresh one,
 * valid one hour, is mailed (a failure to mail is logged, as when the account was created).
 */
export async function resendUserInvitation(
  ctx: AppContext,
  actor: AuthUser,
  userId: number,
  log: FastifyBaseLogger,
): Promise<UserItem> {
  const scope = scopeOf(actor);
  const row = await visible(ctx, scope, userId);
  if (row.password_hash !== null)
    throw businessRule(
      'Ce compte a déjà choisi son mot de passe : il n’a plus d’invitation en attente.',
    );
  if (row.active !== 1) throw businessRule('Ce compte est désactivé : activez-le d’abord.');
  await takeMailBudget(ctx.database.db, actor.id, row.email);
  await ctx.database.db
    .deleteFrom('password_reset_tokens')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  try {
    await sendResetLink(ctx, userId, true);
  } catch (err) {
    log.error({ err }, "Échec de l'envoi de l'invitation");
  }
  return getUser(ctx, actor, userId);
}
