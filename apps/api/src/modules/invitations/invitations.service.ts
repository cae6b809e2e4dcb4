import type { FastifyBaseLogger } from 'fastify';
import type {
  InvitationCreateData,
  InvitationItem,
  InvitationListQuery,
  Page,
} from '@comptoir/shared';
import type { AuthUser } from '../../core/authenticate.js';
import type { AppContext } from '../../core/context.js';
import { isUniqueViolation } from '../../core/idempotence.js';
import { businessRule, conflict, notFound } from '../../core/errors.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { isoIn, nowIso } from '../../db/time.js';
import { assertTeamRoom } from '../abonnements/limits.js';
import { takeMailBudget } from '../auth/mail-budget.js';
import { hashToken, newOpaqueToken } from '../auth/tokens.js';
import { findVisibleUserByEmail, foreignShops } from '../users/users.repository.js';
import { invitationMail } from './invitations.mail.js';
import {
  countPending,
  findInvitationPage,
  findOwnInvitation,
  findVisibleInvitation,
  shopsOfInvitations,
  type InvitationRow,
  type InvitationScope,
} from './invitations.repository.js';

/** An invitation's link serves once, within a week. */
export const INVITATION_TTL_DAYS = 7;
const TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

const scopeOf = (user: AuthUser): InvitationScope =>
  user.roles.includes('ROLE_ADMIN') ? { kind: 'admin' } : { kind: 'owner', ownerId: user.id };

/** Sending and resending: the owner's own invitations only, even for an admin who owns shops. */
const ownScope = (owner: AuthUser): InvitationScope => ({ kind: 'owner', ownerId: owner.id });

const alreadyPending = () =>
  conflict('Une invitation est déjà en attente pour cette adresse : renvoyez-la ou annulez-la.');

async function toItems(ctx: AppContext, rows: readonly InvitationRow[]): Promise<InvitationItem[]> {
  const shops = await shopsOfInvitations(
    ctx.database.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    services: shops.get(r.id) ?? [],
    proprietaire: { id: r.owner_id, prenom: r.owner_prenom, nom: r.owner_nom },
    createdAt: r.created_at,
    sentAt: r.sent_at,
    expiresAt: r.expires_at,
  }));
}

async function visible(
  ctx: AppContext,
  scope: InvitationScope,
  id: number,
): Promise<InvitationRow> {
  const row = await findVisibleInvitation(ctx.database.db, scope, id);
  if (!row) throw notFound('Invitation introuvable.');
  return row;
}

export async function listInvitations(
  ctx: AppContext,
  user: AuthUser,
  query: InvitationListQuery,
): Promise<Page<InvitationItem>> {
  const { items, total } = await findInvitationPage(ctx.database.db, scopeOf(user), query);
  return { items: await toItems(ctx, items), total, page: query.page, size: query.size };
}

/** A new key for the invitation: the previous link stops working. */
async function newKey(db: Kysely<DB>, id: number): Promise<string> {
  const key = newOpaqueToken();
  const now = nowIso();
  await db
    .updateTable('invitations')
    .set({ token_hash: hashToken(key), sent_at: now, expires_at: isoIn(TTL_MS) })
    .where('id', '=', id)
    .execute();
  return key;
}

/**
 * Mails the link. The same mail, through the same path, whatever the address: a failure is logged
 * and the invitation stays (the owner can send it again).
 */
async function mail(ctx: AppContext, row: InvitationRow, key: string, log: FastifyBaseLogger) {
  const [item] = await toItems(ctx, [row]);
  const link = `${ctx.config.publicUrl}/auth/invitation?key=${encodeURIComponent(key)}`;
  const owner = `${row.owner_prenom} ${row.owner_nom}`;
  const shops = item!.services.map((s) => s.nom);
  try {
    await ctx.mailer.send(invitationMail(row.email, owner, shops, link, INVITATION_TTL_DAYS));
  } catch (err) {
    log.error({ err }, "Échec de l'envoi de l'invitation");
  }
}

/**
 * Invites `email` to some of the owner's shops. Nothing here reads whether the address has an
 * account: the answer, the mail and the work done are the same for an unknown address and for
 * someone else's account. Only what the owner already sees changes it (their own address, one of
 * their managers, their own pending invitation).
 */
export async function createInvitation(
  ctx: AppContext,
  owner: AuthUser,
  input: InvitationCreateData,
  log: FastifyBaseLogger,
): Promise<InvitationItem> {
  const { db } = ctx.database;
  if ((await foreignShops(db, owner.id, input.services)).length)
    throw notFound('Boutique introuvable.');
  if (input.email === owner.email) throw businessRule('Vous ne pouvez pas vous inviter vous-même.');
  if (await findVisibleUserByEmail(db, { kind: 'owner', ownerId: owner.id }, input.email))
    throw conflict(
      'Cette personne fait déjà partie de votre équipe : modifiez ses boutiques depuis la liste.',
    );
  const previous = await findOwnInvitation(db, owner.id, input.email);
  if (previous && previous.expires_at > nowIso()) throw alreadyPending();
  await assertTeamRoom(ctx, owner.id, await countPending(db, owner.id));
  // Counted before anything is written: a refused invitation leaves nothing behind.
  await takeMailBudget(db, owner.id, input.email);
  const now = nowIso();
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      if (previous) await trx.deleteFrom('invitations').where('id', '=', previous.id).execute();
      const { id } = await trx
        .insertInto('invitations')
        .values({
          owner_id: owner.id,
          email: input.email,
          token_hash: hashToken(newOpaqueToken()),
          created_at: now,
          sent_at: now,
          expires_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('invitation_services')
        .values(input.services.map((service_id) => ({ invitation_id: id, service_id })))
        .execute();
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyPending();
    throw err;
  }
  return send(ctx, owner, id, log);
}

/** A new link (the previous one dies), mailed again; valid a full week from now. */
export async function resendInvitation(
  ctx: AppContext,
  owner: AuthUser,
  id: number,
  log: FastifyBaseLogger,
): Promise<InvitationItem> {
  const pending = await visible(ctx, ownScope(owner), id);
  await takeMailBudget(ctx.database.db, owner.id, pending.email);
  return send(ctx, owner, id, log);
}

async function send(ctx: AppContext, owner: AuthUser, id: number, log: FastifyBaseLogger) {
  const key = await newKey(ctx.database.db, id);
  const row = await visible(ctx, ownScope(owner), id);
  await mail(ctx, row, key, log);
  const [item] = await toItems(ctx, [row]);
  return item!;
}

export async function cancelInvitation(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  await visible(ctx, scopeOf(user), id);
  await ctx.database.db.deleteFrom('invitations').where('id', '=', id).execute();
}
