import { frenchSortKey, type Role } from '@comptoir/shared';
import type { AppContext } from '../../src/core/context.js';
import { systemClock, type Clock } from '../../src/db/time.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import type { TestClient } from './http.js';

export const PASSWORD = 'Un-mot-de-passe-solide-42';
let hashed: Promise<string> | undefined;
let counter = 0;

/** A user with the given roles, password PASSWORD unless told otherwise. */
export async function createUser(
  ctx: AppContext,
  options: {
    roles: Role[];
    email?: string;
    password?: string;
    active?: boolean;
    prenom?: string;
    nom?: string;
  },
) {
  const passwordHash = options.password
    ? await hashPassword(options.password)
    : await (hashed ??= hashPassword(PASSWORD));
  const email = options.email ?? `utilisateur${++counter}-${Date.now()}@exemple.test`;
  const now = ctx.clock.now().toISOString();
  const { id } = await ctx.database.db
    .insertInto('users')
    .values({
      email,
      password_hash: passwordHash,
      prenom: options.prenom ?? 'Awa',
      nom: options.nom ?? 'Traoré',
      nom_tri: frenchSortKey(options.nom ?? 'Traoré'),
      prenom_tri: frenchSortKey(options.prenom ?? 'Awa'),
      telephone: null,
      profile_image_id: null,
      active: options.active === false ? 0 : 1,
      last_login_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const role of options.roles)
    await ctx.database.db.insertInto('user_roles').values({ user_id: id, role }).execute();
  return { id, email, password: options.password ?? PASSWORD };
}

export async function createService(
  ctx: AppContext,
  ownerId: number,
  options: { nom?: string; devise?: string } = {},
) {
  const now = ctx.clock.now().toISOString();
  const { id } = await ctx.database.db
    .insertInto('services')
    .values({
      owner_id: ownerId,
      nom: options.nom ?? `Boutique ${++counter}`,
      nom_tri: frenchSortKey(options.nom ?? `Boutique ${counter}`),
      adresse: null,
      ville: 'Abidjan',
      pays: 'CI',
      telephone: null,
      email: null,
      devise: options.devise ?? 'XOF',
      siret: null,
      tva_intracom: null,
      ninea: null,
      rccm: null,
      assujetti_tva: 0,
      taux_tva_defaut: 0,
      prix_ttc: 1,
      stock_negatif_autorise: 0,
      entete_ticket: null,
      pied_ticket: null,
      logo_file_id: null,
      active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id };
}

let defaultPlan: { ctx: AppContext; id: number } | undefined;

/** A plan; by default a generous one (100 shops, 100 users) so that limits do not get in the way. */
export async function createPlan(
  ctx: AppContext,
  options: {
    nom?: string;
    dureeMois?: number;
    prix?: number;
    devise?: string;
    maxServices?: number;
    maxUsers?: number;
    retire?: boolean;
  } = {},
) {
  const { id } = await ctx.database.db
    .insertInto('plans')
    .values({
      nom: options.nom ?? `Formule ${++counter}`,
      duree_mois: options.dureeMois ?? 12,
      prix: options.prix ?? 60_000,
      devise: options.devise ?? 'XOF',
      max_services: options.maxServices ?? 100,
      max_users: options.maxUsers ?? 100,
      retire: options.retire ? 1 : 0,
      created_at: ctx.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id };
}

const isoDay = (ctx: AppContext, offsetDays: number) => dayFromToday(offsetDays, ctx.clock);

/** A subscription of the owner: by default active, from 30 days ago to 335 days ahead. */
export async function subscribe(
  ctx: AppContext,
  ownerId: number,
  options: { planId?: number; dateDebut?: string; dateFin?: string; suspendu?: boolean } = {},
) {
  let planId = options.planId;
  if (planId === undefined) {
    if (defaultPlan?.ctx !== ctx)
      defaultPlan = { ctx, id: (await createPlan(ctx, { nom: 'Formule de test' })).id };
    planId = defaultPlan.id;
  }
  const { id } = await ctx.database.db
    .insertInto('abonnements')
    .values({
      owner_id: ownerId,
      plan_id: planId,
      date_debut: options.dateDebut ?? isoDay(ctx, -30),
      date_fin: options.dateFin ?? isoDay(ctx, 335),
      montant_paye: 60_000,
      devise: 'XOF',
      mode_paiement: 'especes',
      reference: null,
      suspendu: options.suspendu ? 1 : 0,
      created_at: ctx.clock.now().toISOString(),
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, planId };
}

/** 'YYYY-MM-DD', `offsetDays` from today (UTC). */
export const dayFromToday = (offsetDays: number, clock: Clock = systemClock): string =>
  new Date(clock.now().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

export async function addMember(ctx: AppContext, serviceId: number, userId: number): Promise<void> {
  await ctx.database.db
    .insertInto('service_members')
    .values({ service_id: serviceId, user_id: userId })
    .execute();
}

export async function login(client: TestClient, email: string, password = PASSWORD) {
  const answer = await client.post('/api/auth/login', { email, password });
  if (answer.status !== 200)
    throw new Error(
      `Connexion de ${email} refusée : ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  return answer.body as {
    token: string;
    refreshToken: string;
    user: { id: number; services: Array<{ id: number }> };
  };
}

/**
 * The world of the authorization matrix: an admin; owner A with shop A and manager A working in it;
 * owner B with shop B and manager B. "Own" and "other" shops are seen from A's side. Both owners
 * have an active subscription.
 */
export async function createTenants(ctx: AppContext) {
  const admin = await createUser(ctx, { roles: ['ROLE_ADMIN'] });
  const ownerA = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE'] });
  const ownerB = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE'] });
  const shopA = await createService(ctx, ownerA.id, { nom: 'Boutique A' });
  const shopB = await createService(ctx, ownerB.id, { nom: 'Boutique B' });
  await subscribe(ctx, ownerA.id);
  await subscribe(ctx, ownerB.id);
  const managerA = await createUser(ctx, { roles: ['ROLE_GERANT'] });
  const managerB = await createUser(ctx, { roles: ['ROLE_GERANT'] });
  await addMember(ctx, shopA.id, managerA.id);
  await addMember(ctx, shopB.id, managerB.id);
  return { admin, ownerA, ownerB, shopA, shopB, managerA, managerB };
}
