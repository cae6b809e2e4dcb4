import type { Role } from '@comptoir/shared';
import type { AppContext } from '../../src/core/context.js';
import { nowIso } from '../../src/db/time.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import type { TestClient } from './http.js';

export const PASSWORD = 'Un-mot-de-passe-solide-42';
let hashed: Promise<string> | undefined;
let counter = 0;

/** A user with the given roles, password PASSWORD unless told otherwise. */
export async function createUser(
  ctx: AppContext,
  options: { roles: Role[]; email?: string; password?: string; active?: boolean; prenom?: string; nom?: string },
) {
  const passwordHash = options.password ? await hashPassword(options.password) : await (hashed ??= hashPassword(PASSWORD));
  const email = options.email ?? `utilisateur${++counter}-${Date.now()}@exemple.test`;
  const now = nowIso();
  const { id } = await ctx.database.db
    .insertInto('users')
    .values({ email, password_hash: passwordHash, prenom: options.prenom ?? 'Awa', nom: options.nom ?? 'Traoré', telephone: null, profile_image_id: null, active: options.active === false ? 0 : 1, last_login_at: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const role of options.roles) await ctx.database.db.insertInto('user_roles').values({ user_id: id, role }).execute();
  return { id, email, password: options.password ?? PASSWORD };
}

export async function createService(ctx: AppContext, ownerId: number, options: { nom?: string; devise?: string } = {}) {
  const now = nowIso();
  const { id } = await ctx.database.db
    .insertInto('services')
    .values({
      owner_id: ownerId, nom: options.nom ?? `Boutique ${++counter}`, adresse: null, ville: 'Abidjan', pays: 'CI', telephone: null, email: null,
      devise: options.devise ?? 'XOF', siret: null, tva_intracom: null, ninea: null, rccm: null, assujetti_tva: 0, taux_tva_defaut: 0,
      prix_ttc: 1, stock_negatif_autorise: 0, entete_ticket: null, pied_ticket: null, logo_file_id: null, active: 1, created_at: now, updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id };
}

export async function addMember(ctx: AppContext, serviceId: number, userId: number): Promise<void> {
  await ctx.database.db.insertInto('service_members').values({ service_id: serviceId, user_id: userId }).execute();
}

export async function login(client: TestClient, email: string, password = PASSWORD) {
  const answer = await client.post('/api/auth/login', { email, password });
  if (answer.status !== 200) throw new Error(`Connexion de ${email} refusée : ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { token: string; refreshToken: string; user: { id: number; services: Array<{ id: number }> } };
}

/**
 * The world of the authorization matrix: an admin; owner A with shop A and manager A working in it;
 * owner B with shop B and manager B. "Own" and "other" shops are seen from A's side.
 */
export async function createTenants(ctx: AppContext) {
  const admin = await createUser(ctx, { roles: ['ROLE_ADMIN'] });
  const ownerA = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE'] });
  const ownerB = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE'] });
  const shopA = await createService(ctx, ownerA.id, { nom: 'Boutique A' });
  const shopB = await createService(ctx, ownerB.id, { nom: 'Boutique B' });
  const managerA = await createUser(ctx, { roles: ['ROLE_GERANT'] });
  const managerB = await createUser(ctx, { roles: ['ROLE_GERANT'] });
  await addMember(ctx, shopA.id, managerA.id);
  await addMember(ctx, shopB.id, managerB.id);
  return { admin, ownerA, ownerB, shopA, shopB, managerA, managerB };
}
