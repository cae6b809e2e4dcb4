import type { Kysely, Selectable } from 'kysely';
import { formatDate, type CurrentSubscriptionStatus } from '@comptoir/shared';
import type { DB, ServicesTable } from '../db/schema.js';
import { todayUtc } from '../db/time.js';
import type { AuthUser } from './authenticate.js';
import type { AppContext } from './context.js';
import { subscriptionRequired } from './errors.js';

/** The subscription that speaks for a set of owners today, and what it means. */
export interface Coverage {
  statut: Exclude<CurrentSubscriptionStatus, 'non_concerne'>;
  dateDebut: string | null;
  dateFin: string | null;
  plan: string | null;
  planId: number | null;
}

const NONE: Coverage = {
  statut: 'aucun',
  dateDebut: null,
  dateFin: null,
  plan: null,
  planId: null,
};

/**
 * Coverage of owners on `today`: active if one of their subscriptions is active; otherwise, in this
 * order, a suspended one covering today, the next one to come, the last one ended, or none.
 */
export async function coverageOf(
  ctx: AppContext,
  ownerIds: readonly number[],
  today = todayUtc(),
  db: Kysely<DB> = ctx.database.db,
): Promise<Coverage> {
  if (ownerIds.length === 0) return NONE;
  const rows: AbonnementLu[] = await db
    .selectFrom('abonnements')
    .innerJoin('plans', 'plans.id', 'abonnements.plan_id')
    .select([
      'abonnements.date_debut',
      'abonnements.date_fin',
      'abonnements.suspendu',
      'plans.nom',
      'plans.id as plan_id',
    ])
    .where('abonnements.owner_id', 'in', [...ownerIds])
    .execute();
  return coverageFrom(rows, today);
}

/** A subscription of an owner as coverage reads it. */
export interface AbonnementLu {
  date_debut: string;
  date_fin: string;
  suspendu: number;
  nom: string;
  plan_id: number;
}

/** coverageOf on the owners' subscriptions already read (core/access-read.ts). */
export function coverageFrom(rows: AbonnementLu[], today: string): Coverage {
  const of = (statut: Coverage['statut'], r: AbonnementLu): Coverage => ({
    statut,
    dateDebut: r.date_debut,
    dateFin: r.date_fin,
    plan: r.nom,
    planId: r.plan_id,
  });
  const current = rows.filter((r) => r.date_debut <= today && r.date_fin >= today);
  const active = current
    .filter((r) => r.suspendu === 0)
    .sort((a, b) => b.date_fin.localeCompare(a.date_fin))[0];
  if (active) return of('active', active);
  const suspended = current[0];
  if (suspended) return of('suspendue', suspended);
  const next = rows
    .filter((r) => r.date_debut > today)
    .sort((a, b) => a.date_debut.localeCompare(b.date_debut))[0];
  if (next) return of(next.suspendu ? 'suspendue' : 'a_venir', next);
  const last = rows.sort((a, b) => b.date_fin.localeCompare(a.date_fin))[0];
  return last ? of(last.suspendu ? 'suspendue' : 'expiree', last) : NONE;
}

/** Owners of the shops a manager works in. */
export async function ownersOfMemberships(
  ctx: AppContext,
  userId: number,
  db: Kysely<DB> = ctx.database.db,
): Promise<number[]> {
  const rows = await db
    .selectFrom('service_members')
    .innerJoin('services', 'services.id', 'service_members.service_id')
    .select('services.owner_id')
    .distinct()
    .where('service_members.user_id', '=', userId)
    .execute();
  return rows.map((r) => r.owner_id);
}

const day = (date: string) => formatDate(`${date}T00:00:00Z`, 'UTC');

/**
 * Whom an owner or a manager contacts about a subscription, the same in the banner and in a
 * refusal: the e-mail of the first active administrator, else « l'administrateur de Comptoir ».
 */
export async function subscriptionContact(db: Kysely<DB>): Promise<string> {
  const row = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select('users.email')
    .where('user_roles.role', '=', 'ROLE_ADMIN')
    .where('users.active', '=', 1)
    .orderBy('users.id')
    .limit(1)
    .executeTakeFirst();
  return row?.email ?? "l'administrateur de Comptoir";
}

/** The refusal of a write (402): what is wrong, then whom to contact (`subscriptionContact`). */
export function refusal(c: Coverage, own: boolean, whom: string): string {
  const subject = own ? 'Votre abonnement' : "L'abonnement de cette boutique";
  const contact = `Contactez ${whom}`;
  switch (c.statut) {
    case 'suspendue':
      return `${subject} est suspendu : les modifications sont bloquées. ${contact}.`;
    case 'a_venir':
      return `${subject} commence le ${day(c.dateDebut!)} : les modifications sont bloquées jusque-là. ${contact} pour l'avancer.`;
    case 'expiree':
      return `${subject} a pris fin le ${day(c.dateFin!)} : les modifications sont bloquées. ${contact} pour le renouveler.`;
    default:
      return `${own ? 'Vous n’avez' : 'Cette boutique n’a'} aucun abonnement actif : les modifications sont bloquées. ${contact} pour souscrire un abonnement.`;
  }
}

/**
 * The subscription rule of every write (docs/regles-metier.md): an administrator is never limited;
 * on a shop's route, the shop's owner must be covered; elsewhere an owner must be covered, and a
 * manager needs one covered owner among the shops they work in. Otherwise 402, in French.
 * Checked from the database on each call, so that a renewal takes effect at once.
 */
export async function requireSubscription(
  ctx: AppContext,
  user: AuthUser,
  service: Selectable<ServicesTable> | undefined,
  db: Kysely<DB> = ctx.database.db,
  /** The subscriptions of the shop's owner (a shop's route) or of the user, read with the account. */
  lus?: AbonnementLu[],
): Promise<void> {
  if (user.roles.includes('ROLE_ADMIN')) return;
  let owners: number[];
  let own: boolean;
  if (lus && (service || user.roles.includes('ROLE_PROPRIETAIRE'))) {
    const coverage = coverageFrom(lus, todayUtc());
    own = service ? service.owner_id === user.id : true;
    if (coverage.statut !== 'active')
      throw subscriptionRequired(refusal(coverage, own, await subscriptionContact(db)));
    return;
  }
  if (service) {
    owners = [service.owner_id];
    own = service.owner_id === user.id;
  } else if (user.roles.includes('ROLE_PROPRIETAIRE')) {
    owners = [user.id];
    own = true;
  } else if (user.roles.includes('ROLE_GERANT')) {
    owners = await ownersOfMemberships(ctx, user.id, db);
    own = false;
  } else {
    return;
  }
  const coverage = await coverageOf(ctx, owners, todayUtc(), db);
  if (coverage.statut !== 'active')
    throw subscriptionRequired(refusal(coverage, own, await subscriptionContact(db)));
}
