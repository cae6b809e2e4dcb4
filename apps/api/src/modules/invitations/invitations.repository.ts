import { sql, type Kysely } from 'kysely';
import { parseSort, type InvitationListQuery, type InvitationSort } from '@comptoir/shared';
import { lowerContains, offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

/**
 * Reads of the invitations. Nothing here joins an invitation's address to `users`: what an owner
 * sees of an invitation is what they typed, whatever accounts exist.
 */

/** Who is looking: the admin sees every pending invitation, an owner their own. */
export type InvitationScope = { kind: 'admin' } | { kind: 'owner'; ownerId: number };

const COLUMNS = [
  'invitations.id',
  'invitations.owner_id',
  'invitations.email',
  'invitations.created_at',
  'invitations.sent_at',
  'invitations.expires_at',
  'users.prenom as owner_prenom',
  'users.nom as owner_nom',
] as const;

const SORT_COLUMNS: Record<
  InvitationSort,
  'invitations.email' | 'invitations.created_at' | 'invitations.expires_at'
> = {
  email: 'invitations.email',
  created_at: 'invitations.created_at',
  expires_at: 'invitations.expires_at',
};

/** Pending: not yet expired (expired rows wait for the purge, modules/auth/purge.ts). */
function pending(db: Kysely<DB>, scope: InvitationScope) {
  let q = db
    .selectFrom('invitations')
    .innerJoin('users', 'users.id', 'invitations.owner_id')
    .where('invitations.expires_at', '>', nowIso());
  if (scope.kind === 'owner') q = q.where('invitations.owner_id', '=', scope.ownerId);
  return q;
}

export async function findInvitationPage(
  db: Kysely<DB>,
  scope: InvitationScope,
  query: InvitationListQuery,
) {
  const { field, direction } = parseSort<InvitationSort>(
    query.sort ?? 'created_at,desc',
    'created_at',
  );
  let base = pending(db, scope);
  if (query.q) base = base.where(lowerContains(sql`invitations.email`, query.q));
  const count = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const items = await base
    .select(COLUMNS)
    .orderBy(SORT_COLUMNS[field], direction)
    .orderBy('invitations.id', direction)
    .limit(query.size)
    .offset(offsetOf(query))
    .execute();
  return { items, total: Number(count.n) };
}

export type InvitationRow = Awaited<ReturnType<typeof findInvitationPage>>['items'][number];

export function findVisibleInvitation(
  db: Kysely<DB>,
  scope: InvitationScope,
  id: number,
): Promise<InvitationRow | undefined> {
  return pending(db, scope).select(COLUMNS).where('invitations.id', '=', id).executeTakeFirst();
}

/** The owner's pending invitations for `email` (at most one), expired ones included. */
export function findOwnInvitation(db: Kysely<DB>, ownerId: number, email: string) {
  return db
    .selectFrom('invitations')
    .select(['id', 'expires_at'])
    .where('owner_id', '=', ownerId)
    .where('email', '=', email)
    .executeTakeFirst();
}

/** How many seats the owner's pending invitations hold (modules/abonnements/limits.ts). */
export async function countPending(
  db: Kysely<DB>,
  ownerId: number,
  exceptId?: number,
): Promise<number> {
  let q = db
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('expires_at', '>', nowIso());
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The shops of each invitation, by id, that still belong to its owner. */
export async function shopsOfInvitations(
  db: Kysely<DB>,
  ids: readonly number[],
): Promise<Map<number, Array<{ id: number; nom: string }>>> {
  const out = new Map<number, Array<{ id: number; nom: string }>>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('invitation_services')
    .innerJoin('invitations', 'invitations.id', 'invitation_services.invitation_id')
    .innerJoin('services', 'services.id', 'invitation_services.service_id')
    .select(['invitation_services.invitation_id as invitationId', 'services.id', 'services.nom'])
    .whereRef('services.owner_id', '=', 'invitations.owner_id')
    .where('invitation_services.invitation_id', 'in', [...ids])
    .orderBy('services.id')
    .execute();
  for (const r of rows)
    out.set(r.invitationId, [...(out.get(r.invitationId) ?? []), { id: r.id, nom: r.nom }]);
  return out;
}
