import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { parseSort, type AbonnementListQuery } from '@comptoir/shared';
import { lowerContains, offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import { addDays } from '../../db/time.js';

type Eb = ExpressionBuilder<DB, 'abonnements' | 'users' | 'plans'>;

const SORTS = {
  date_debut: 'abonnements.date_debut',
  date_fin: 'abonnements.date_fin',
  created_at: 'abonnements.created_at',
} as const;

function joined(db: Kysely<DB>) {
  return db
    .selectFrom('abonnements')
    .innerJoin('users', 'users.id', 'abonnements.owner_id')
    .innerJoin('plans', 'plans.id', 'abonnements.plan_id');
}

const COLUMNS = [
  'abonnements.id',
  'abonnements.owner_id',
  'abonnements.plan_id',
  'abonnements.date_debut',
  'abonnements.date_fin',
  'abonnements.montant_paye',
  'abonnements.devise',
  'abonnements.mode_paiement',
  'abonnements.reference',
  'abonnements.suspendu',
  'abonnements.created_at',
  'abonnements.created_by',
  'users.prenom as owner_prenom',
  'users.nom as owner_nom',
  'users.email as owner_email',
  'plans.nom as plan_nom',
  'plans.retire as plan_retire',
] as const;

/** The derived status as SQL, on `today` ('YYYY-MM-DD'): the same rule as subscriptionStatus(). */
function matching(eb: Eb, query: AbonnementListQuery, today: string) {
  const conditions = [];
  const active = () =>
    eb.and([
      eb('abonnements.suspendu', '=', 0),
      eb('abonnements.date_debut', '<=', today),
      eb('abonnements.date_fin', '>=', today),
    ]);
  if (query.ownerId !== undefined) conditions.push(eb('abonnements.owner_id', '=', query.ownerId));
  if (query.statut === 'suspendue') conditions.push(eb('abonnements.suspendu', '=', 1));
  if (query.statut === 'expiree')
    conditions.push(
      eb.and([eb('abonnements.suspendu', '=', 0), eb('abonnements.date_fin', '<', today)]),
    );
  if (query.statut === 'a_venir')
    conditions.push(
      eb.and([eb('abonnements.suspendu', '=', 0), eb('abonnements.date_debut', '>', today)]),
    );
  if (query.statut === 'active') conditions.push(active());
  if (query.expirant !== undefined)
    conditions.push(
      eb.and([active(), eb('abonnements.date_fin', '<=', addDays(today, query.expirant))]),
    );
  if (query.q)
    conditions.push(
      lowerContains(sql`users.prenom || ' ' || users.nom || ' ' || users.email`, query.q),
    );
  return eb.and(conditions);
}

/** Default order: the ones ending first when looking for those expiring, the latest otherwise. */
export async function findAbonnementPage(
  db: Kysely<DB>,
  query: AbonnementListQuery,
  today: string,
) {
  const fallback = query.expirant !== undefined ? 'date_fin,asc' : 'date_fin,desc';
  const { field, direction } = parseSort<keyof typeof SORTS>(query.sort ?? fallback, 'date_fin');
  const count = await joined(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => matching(eb, query, today))
    .executeTakeFirstOrThrow();
  const items = await joined(db)
    .select(COLUMNS)
    .where((eb) => matching(eb, query, today))
    .orderBy(SORTS[field], direction)
    .orderBy('abonnements.id', direction)
    .limit(query.size)
    .offset(offsetOf(query))
    .execute();
  return { items, total: Number(count.n) };
}

export type AbonnementRow = Awaited<ReturnType<typeof findAbonnementPage>>['items'][number];

export const findAbonnement = (db: Kysely<DB>, id: number): Promise<AbonnementRow | undefined> =>
  joined(db).select(COLUMNS).where('abonnements.id', '=', id).executeTakeFirst();

/** A subscription of the owner, other than `exceptId`, sharing at least one day with the period. */
export function findOverlap(
  db: Kysely<DB>,
  ownerId: number,
  dateDebut: string,
  dateFin: string,
  exceptId?: number,
) {
  let q = db
    .selectFrom('abonnements')
    .select(['id', 'date_debut', 'date_fin'])
    .where('owner_id', '=', ownerId)
    .where('date_debut', '<=', dateFin)
    .where('date_fin', '>=', dateDebut);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.orderBy('date_debut').executeTakeFirst();
}

/** A later subscription of the owner (one that ends after `dateFin`). */
export function findLater(db: Kysely<DB>, ownerId: number, dateFin: string) {
  return db
    .selectFrom('abonnements')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('date_fin', '>', dateFin)
    .executeTakeFirst();
}
