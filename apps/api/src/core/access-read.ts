import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, ServicesTable } from '../db/schema.js';
import { figee } from '../db/figees.js';
import type { CompteLu } from './authenticate.js';
import type { AbonnementLu } from './subscription.js';

/** What the access check of a call reads: the account, the shop, the subscriptions. */
export interface AccesLu {
  /** The account and its roles; undefined when it does not exist. */
  compte: CompteLu | undefined;
  /** The shop of the route and whether the user works in it; undefined when it does not exist. */
  boutique: (Selectable<ServicesTable> & { est_membre: unknown }) | undefined;
  /** The subscriptions of the shop's owner, or of the user on a route without a shop. */
  abonnements: AbonnementLu[];
}

/** The statement of `lireAcces`, built once per shape of its values (db/figees.ts). */
const lecture = figee(
  (db: Kysely<DB>, userId: number, serviceId: number | undefined, abonnements: boolean) => {
    const aucun = sql<boolean>`1 = 0`;
    return db
      .selectFrom('users')
      .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
      .leftJoin('services', (j) =>
        serviceId === undefined ? j.on(aucun) : j.on('services.id', '=', serviceId),
      )
      .leftJoin('abonnements', (j) =>
        abonnements
          ? j.on(
              'abonnements.owner_id',
              '=',
              sql<number>`coalesce(${sql.ref('services.owner_id')}, ${sql.ref('users.id')})`,
            )
          : j.on(aucun),
      )
      .leftJoin('plans', 'plans.id', 'abonnements.plan_id')
      .selectAll('services')
      .select((eb) => [
        'users.id as acces_user_id',
        'users.email as acces_email',
        'users.active as acces_active',
        'users.session_version as acces_session_version',
        'user_roles.role as acces_role',
        'abonnements.id as acces_abonnement_id',
        'abonnements.date_debut as acces_date_debut',
        'abonnements.date_fin as acces_date_fin',
        'abonnements.suspendu as acces_suspendu',
        'plans.nom as acces_plan_nom',
        'plans.id as acces_plan_id',
        eb
          .exists(
            eb
              .selectFrom('service_members')
              .select('service_members.user_id')
              .whereRef('service_members.service_id', '=', 'services.id')
              .whereRef('service_members.user_id', '=', 'users.id'),
          )
          .as('acces_est_membre'),
      ])
      .where('users.id', '=', userId);
  },
);

/**
 * The access check's reads in one statement (issue 18: one round trip instead of three on
 * PostgreSQL): the account left-joined to its roles, to the shop of the route (`serviceId`) with
 * whether the user works in it, and (`abonnements`: a write that needs a subscription) to the
 * subscriptions of the shop's owner, or of the user without a shop — one row per role and
 * subscription, a few. The checks themselves are those of authenticate.ts, service-access.ts and
 * subscription.ts, in the same order (core/route.ts).
 */
export async function lireAcces(
  db: Kysely<DB>,
  userId: number,
  serviceId: number | undefined,
  abonnements: boolean,
): Promise<AccesLu> {
  const rows = await lecture(db, userId, serviceId, abonnements);
  const first = rows[0];
  if (!first) return { compte: undefined, boutique: undefined, abonnements: [] };
  const roles = [...new Set(rows.map((r) => r.acces_role))];
  const vus = new Map<number, AbonnementLu>();
  for (const r of rows)
    if (r.acces_abonnement_id !== null && !vus.has(r.acces_abonnement_id))
      vus.set(r.acces_abonnement_id, {
        date_debut: r.acces_date_debut!,
        date_fin: r.acces_date_fin!,
        suspendu: Number(r.acces_suspendu),
        nom: r.acces_plan_nom!,
        plan_id: r.acces_plan_id!,
      });
  const {
    acces_user_id: id,
    acces_email: email,
    acces_active: active,
    acces_session_version: session_version,
    acces_role: _role,
    acces_abonnement_id: _abonnement,
    acces_date_debut: _debut,
    acces_date_fin: _fin,
    acces_suspendu: _suspendu,
    acces_plan_nom: _plan,
    acces_plan_id: _planId,
    acces_est_membre: est_membre,
    ...service
  } = first;
  return {
    compte: { id, email, active, session_version, roles },
    boutique:
      service.id === null ? undefined : { ...(service as Selectable<ServicesTable>), est_membre },
    abonnements: [...vus.values()],
  };
}
