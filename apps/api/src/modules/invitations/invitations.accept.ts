import {
  newPasswordSchema,
  type AuthResponse,
  type InvitationAcceptData,
  type InvitationDetail,
  type InvitationMode,
  frenchSortKey,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { AppError, businessRule, validationError } from '../../core/errors.js';
import { nowIso } from '../../db/time.js';
import { assertTeamRoom } from '../abonnements/limits.js';
import {
  accountDisabled,
  assertPasswordAcceptable,
  checkCredentials,
  openSession,
} from '../auth/auth.service.js';
import { hashPassword } from '../auth/passwords.js';
import { hashToken } from '../auth/tokens.js';
import { countPending, shopsOfInvitations } from './invitations.repository.js';

const invalidKey = () =>
  new AppError(
    400,
    'INVALID_INVITATION_KEY',
    'Lien invalide',
    "Ce lien d'invitation est invalide, a déjà servi, a été annulé ou a expiré. Demandez une nouvelle invitation.",
  );

/** The pending invitation of a key, with its owner's name; 400 when unknown, spent or expired. */
async function byKey(ctx: AppContext, key: string) {
  const row = await ctx.database.db
    .selectFrom('invitations')
    .innerJoin('users', 'users.id', 'invitations.owner_id')
    .select([
      'invitations.id',
      'invitations.owner_id',
      'invitations.email',
      'invitations.token_hash',
      'invitations.expires_at',
      'users.prenom',
      'users.nom',
    ])
    .where('invitations.token_hash', '=', hashToken(key))
    .executeTakeFirst();
  if (!row || row.expires_at <= nowIso()) throw invalidKey();
  return row;
}

/** The account of the invited address, if any: only the holder of the key learns it. */
function accountOf(ctx: AppContext, email: string) {
  return ctx.database.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'active'])
    .where('email', '=', email)
    .executeTakeFirst();
}

const modeOf = (account: Awaited<ReturnType<typeof accountOf>>): InvitationMode =>
  !account ? 'creation' : account.password_hash === null ? 'mot-de-passe' : 'connexion';

/** What the page of the link shows: who invites, to which shops, and how to accept. */
export async function lookupInvitation(ctx: AppContext, key: string): Promise<InvitationDetail> {
  const row = await byKey(ctx, key);
  const shops = await shopsOfInvitations(ctx.database.db, [row.id]);
  return {
    email: row.email,
    proprietaire: `${row.prenom} ${row.nom}`,
    services: (shops.get(row.id) ?? []).map((s) => s.nom),
    expiresAt: row.expires_at,
    mode: modeOf(await accountOf(ctx, row.email)),
  };
}

/** A new password (creation, or an account that never chose one): length and common-list rules. */
async function newPasswordHash(password: string): Promise<string> {
  const checked = newPasswordSchema.safeParse(password);
  if (!checked.success)
    throw validationError([{ field: 'password', message: checked.error.issues[0]!.message }]);
  assertPasswordAcceptable(password, 'password');
  return hashPassword(password);
}

/** The owner's team must still have room: the invitee is told, not the owner's plan details. */
async function assertRoom(ctx: AppContext, ownerId: number, invitationId: number): Promise<void> {
  try {
    await assertTeamRoom(ctx, ownerId, await countPending(ctx.database.db, ownerId, invitationId));
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    throw businessRule(
      "Cette invitation ne peut pas être acceptée pour le moment : l'équipe de ce propriétaire est complète ou son abonnement a pris fin. Prévenez-le.",
    );
  }
}

/**
 * Accepts an invitation and opens a session. With an account: its password (checked and throttled
 * like a sign-in), or a new one if it never chose any. Without: the account is created with the
 * given names and password. The key is spent in the transaction that adds the manager role and the
 * memberships: it serves once, even under concurrent calls.
 */
export async function acceptInvitation(
  ctx: AppContext,
  input: InvitationAcceptData,
  ip: string,
): Promise<AuthResponse> {
  const invitation = await byKey(ctx, input.key);
  const account = await accountOf(ctx, invitation.email);
  const mode = modeOf(account);
  let userId = account?.id;
  let passwordHash: string | undefined;
  if (mode === 'connexion') {
    userId = await checkCredentials(ctx, invitation.email, input.password, ip);
  } else {
    if (mode === 'creation') {
      const missing = (['prenom', 'nom'] as const).filter((f) => !input[f]);
      if (missing.length)
        throw validationError(
          missing.map((field) => ({
            field,
            message: `Le ${field === 'prenom' ? 'prénom' : 'nom'} est obligatoire.`,
          })),
        );
    } else if (account!.active !== 1) throw accountDisabled();
    passwordHash = await newPasswordHash(input.password);
  }
  await assertRoom(ctx, invitation.owner_id, invitation.id);
  const now = nowIso();
  const id = await ctx.database.db.transaction().execute(async (trx) => {
    const shops = await trx
      .selectFrom('invitation_services')
      .innerJoin('services', 'services.id', 'invitation_services.service_id')
      .select('services.id')
      .where('invitation_services.invitation_id', '=', invitation.id)
      .where('services.owner_id', '=', invitation.owner_id)
      .execute();
    const spent = await trx
      .deleteFrom('invitations')
      .where('id', '=', invitation.id)
      .where('token_hash', '=', invitation.token_hash)
      .executeTakeFirst();
    if (Number(spent.numDeletedRows) !== 1) throw invalidKey();
    let id = userId;
    if (id === undefined) {
      id = (
        await trx
          .insertInto('users')
          .values({
            email: invitation.email,
            password_hash: passwordHash!,
            prenom: input.prenom!,
            nom: input.nom!,
            nom_tri: frenchSortKey(input.nom!),
            prenom_tri: frenchSortKey(input.prenom!),
            telephone: input.telephone ?? null,
            profile_image_id: null,
            active: 1,
            last_login_at: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else if (passwordHash) {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', id)
        .where('password_hash', 'is', null)
        .execute();
    }
    const roles = await trx
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', id)
      .where('role', '=', 'ROLE_GERANT')
      .execute();
    if (roles.length === 0)
      await trx.insertInto('user_roles').values({ user_id: id, role: 'ROLE_GERANT' }).execute();
    const member = new Set(
      (
        await trx
          .selectFrom('service_members')
          .select('service_id')
          .where('user_id', '=', id)
          .execute()
      ).map((r) => r.service_id),
    );
    const added = shops.filter((s) => !member.has(s.id));
    if (added.length)
      await trx
        .insertInto('service_members')
        .values(added.map((s) => ({ service_id: s.id, user_id: id })))
        .execute();
    return id;
  });
  return openSession(ctx, id);
}
