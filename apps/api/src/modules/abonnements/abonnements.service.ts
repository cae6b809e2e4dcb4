import {
  PAYMENT_MODES,
  formatDate,
  periodEnd,
  subscriptionStatus,
  type Abonnement,
  type AbonnementCreateData,
  type AbonnementListQuery,
  type AbonnementRenewData,
  type AbonnementUpdateData,
  type CurrentSubscription,
  type Page,
  type PaymentMode,
} from '@comptoir/shared';
import type { AuthUser } from '../../core/authenticate.js';
import type { AppContext } from '../../core/context.js';
import { businessRule, conflict, notFound } from '../../core/errors.js';
import { requireServiceAccess } from '../../core/service-access.js';
import { coverageOf, ownersOfMemberships, subscriptionContact } from '../../core/subscription.js';
import { addDays, nowIso, todayUtc } from '../../db/time.js';
import {
  findAbonnement,
  findAbonnementPage,
  findLater,
  findOverlap,
  type AbonnementRow,
} from './abonnements.repository.js';
import { findPlan } from './plans.repository.js';

const modePaiement = (v: string): PaymentMode =>
  (PAYMENT_MODES as readonly string[]).includes(v) ? (v as PaymentMode) : 'especes';

function toAbonnement(r: AbonnementRow, today: string): Abonnement {
  const suspendu = r.suspendu === 1;
  return {
    id: r.id,
    owner: { id: r.owner_id, prenom: r.owner_prenom, nom: r.owner_nom, email: r.owner_email },
    plan: { id: r.plan_id, nom: r.plan_nom, retire: r.plan_retire === 1 },
    dateDebut: r.date_debut,
    dateFin: r.date_fin,
    montantPaye: Number(r.montant_paye),
    devise: r.devise,
    modePaiement: modePaiement(r.mode_paiement),
    reference: r.reference,
    suspendu,
    statut: subscriptionStatus({ dateDebut: r.date_debut, dateFin: r.date_fin, suspendu }, today),
    createdAt: r.created_at,
    createdBy: r.created_by,
  };
}

export async function listAbonnements(
  ctx: AppContext,
  query: AbonnementListQuery,
): Promise<Page<Abonnement>> {
  const today = todayUtc();
  const { items, total } = await findAbonnementPage(ctx.database.db, query, today);
  return {
    items: items.map((r) => toAbonnement(r, today)),
    total,
    page: query.page,
    size: query.size,
  };
}

async function row(ctx: AppContext, id: number): Promise<AbonnementRow> {
  const found = await findAbonnement(ctx.database.db, id);
  if (!found) throw notFound('Abonnement introuvable.');
  return found;
}

export async function getAbonnement(ctx: AppContext, id: number): Promise<Abonnement> {
  return toAbonnement(await row(ctx, id), todayUtc());
}

/** A plan that may be chosen: it exists and, unless it is `keepId` (the current one), is not retired. */
async function choosablePlan(ctx: AppContext, planId: number, keepId?: number) {
  const plan = await findPlan(ctx.database.db, planId);
  if (!plan) throw notFound('Formule introuvable.');
  if (plan.retire === 1 && plan.id !== keepId)
    throw businessRule(`La formule « ${plan.nom} » est retirée : choisissez-en une autre.`);
  return plan;
}

const day = (date: string) => formatDate(`${date}T00:00:00Z`, 'UTC');

/** One owner's periods never overlap: the status of a day is never ambiguous. */
async function assertNoOverlap(
  ctx: AppContext,
  ownerId: number,
  dateDebut: string,
  dateFin: string,
  exceptId?: number,
): Promise<void> {
  const other = await findOverlap(ctx.database.db, ownerId, dateDebut, dateFin, exceptId);
  if (other) {
    throw conflict(
      `Cette période chevauche l'abonnement du ${day(other.date_debut)} au ${day(other.date_fin)} de ce propriétaire.`,
    );
  }
}

async function assertOwner(ctx: AppContext, ownerId: number): Promise<void> {
  const { db } = ctx.database;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', ownerId)
    .executeTakeFirst();
  if (!user) throw notFound('Propriétaire introuvable.');
  const role = await db
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', ownerId)
    .where('role', '=', 'ROLE_PROPRIETAIRE')
    .executeTakeFirst();
  if (!role)
    throw businessRule(
      "Ce compte n'est pas un propriétaire : seul un propriétaire souscrit un abonnement.",
    );
}

interface NewPeriod {
  ownerId: number;
  planId: number;
  dateDebut: string;
  dateFin: string;
  montantPaye: number;
  devise: string;
  modePaiement: string;
  reference: string | null;
}

async function insert(ctx: AppContext, actor: AuthUser, p: NewPeriod): Promise<Abonnement> {
  await assertNoOverlap(ctx, p.ownerId, p.dateDebut, p.dateFin);
  const { id } = await ctx.database.db
    .insertInto('abonnements')
    .values({
      owner_id: p.ownerId,
      plan_id: p.planId,
      date_debut: p.dateDebut,
      date_fin: p.dateFin,
      montant_paye: p.montantPaye,
      devise: p.devise,
      mode_paiement: p.modePaiement,
      reference: p.reference,
      suspendu: 0,
      created_at: nowIso(),
      created_by: actor.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getAbonnement(ctx, id);
}

/** Start today by default, end at the last day of the plan's duration, the plan's price by default. */
export async function createAbonnement(
  ctx: AppContext,
  actor: AuthUser,
  input: AbonnementCreateData,
): Promise<Abonnement> {
  await assertOwner(ctx, input.ownerId);
  const plan = await choosablePlan(ctx, input.planId);
  const dateDebut = input.dateDebut ?? todayUtc();
  const dateFin = input.dateFin ?? periodEnd(dateDebut, plan.duree_mois);
  if (dateFin < dateDebut)
    throw businessRule('La date de fin ne peut pas précéder la date de début.');
  return insert(ctx, actor, {
    ownerId: input.ownerId,
    planId: plan.id,
    dateDebut,
    dateFin,
    montantPaye: input.montantPaye ?? Number(plan.prix),
    devise: input.devise ?? plan.devise,
    modePaiement: input.modePaiement,
    reference: input.reference,
  });
}

export async function updateAbonnement(
  ctx: AppContext,
  id: number,
  input: AbonnementUpdateData,
): Promise<Abonnement> {
  const current = await row(ctx, id);
  await choosablePlan(ctx, input.planId, current.plan_id);
  await assertNoOverlap(ctx, current.owner_id, input.dateDebut, input.dateFin, id);
  await ctx.database.db
    .updateTable('abonnements')
    .set({
      plan_id: input.planId,
      date_debut: input.dateDebut,
      date_fin: input.dateFin,
      montant_paye: input.montantPaye,
      devise: input.devise,
      mode_paiement: input.modePaiement,
      reference: input.reference,
    })
    .where('id', '=', id)
    .execute();
  return getAbonnement(ctx, id);
}

/**
 * A new period after this one: from the day after it ends, or from today when it ended earlier
 * (a lapsed owner does not pay for the days without service). Same plan unless another is given.
 */
export async function renewAbonnement(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  input: AbonnementRenewData,
): Promise<Abonnement> {
  const current = await row(ctx, id);
  if (await findLater(ctx.database.db, current.owner_id, current.date_fin)) {
    throw conflict('Cet abonnement a déjà été renouvelé : renouvelez le plus récent.');
  }
  const plan = await choosablePlan(ctx, input.planId ?? current.plan_id);
  const next = addDays(current.date_fin, 1);
  const today = todayUtc();
  const dateDebut = next > today ? next : today;
  return insert(ctx, actor, {
    ownerId: current.owner_id,
    planId: plan.id,
    dateDebut,
    dateFin: periodEnd(dateDebut, plan.duree_mois),
    montantPaye: input.montantPaye ?? Number(plan.prix),
    devise: input.devise ?? plan.devise,
    modePaiement: input.modePaiement,
    reference: input.reference,
  });
}

export async function setSuspended(
  ctx: AppContext,
  id: number,
  suspendu: boolean,
): Promise<Abonnement> {
  await row(ctx, id);
  await ctx.database.db
    .updateTable('abonnements')
    .set({ suspendu: suspendu ? 1 : 0 })
    .where('id', '=', id)
    .execute();
  return getAbonnement(ctx, id);
}

/**
 * What the banner shows: for an owner, their own subscription; for a manager, that of the shop
 * given (404 if not theirs), else the best among the owners of the shops they work in.
 */
export async function currentSubscription(
  ctx: AppContext,
  user: AuthUser,
  serviceId?: number,
): Promise<CurrentSubscription> {
  const contact = await subscriptionContact(ctx.database.db);
  if (user.roles.includes('ROLE_ADMIN'))
    return { statut: 'non_concerne', dateDebut: null, dateFin: null, plan: null, contact };
  let owners: number[];
  if (serviceId !== undefined)
    owners = [(await requireServiceAccess(ctx, user, serviceId)).owner_id];
  else if (user.roles.includes('ROLE_PROPRIETAIRE')) owners = [user.id];
  else if (user.roles.includes('ROLE_GERANT')) owners = await ownersOfMemberships(ctx, user.id);
  else return { statut: 'non_concerne', dateDebut: null, dateFin: null, plan: null, contact };
  const { statut, dateDebut, dateFin, plan } = await coverageOf(ctx, owners);
  return { statut, dateDebut, dateFin, plan, contact };
}
