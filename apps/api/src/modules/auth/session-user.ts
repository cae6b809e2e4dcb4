import { isRole, type SessionUser } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { fileUrl } from '../files/images.js';

/**
 * The `user` of the login and refresh answers (shared auth schemas): identity, roles, and the shops
 * the user may work in — owned shops for an owner, shops worked in for a manager. The first is
 * current.
 */
export async function loadSessionUser(ctx: AppContext, userId: number): Promise<SessionUser> {
  const { db } = ctx.database;
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'prenom', 'nom', 'telephone', 'profile_image_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound('Utilisateur introuvable.');
  const roles = (
    await db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', userId)
      .orderBy('role')
      .execute()
  )
    .map((r) => r.role)
    .filter(isRole);
  // Owner first, then manager, then admin: the first role is the one the top bar names.
  const order = ['ROLE_PROPRIETAIRE', 'ROLE_GERANT', 'ROLE_ADMIN'];
  roles.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const services = await db
    .selectFrom('services')
    .select(['services.id', 'services.nom'])
    .where('services.active', '=', 1)
    .where((eb) =>
      eb.or([
        eb('services.owner_id', '=', userId),
        eb(
          'services.id',
          'in',
          eb.selectFrom('service_members').select('service_id').where('user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('services.id')
    .execute();
  return {
    id: user.id,
    email: user.email,
    prenom: user.prenom,
    nom: user.nom,
    telephone: user.telephone,
    ...(user.profile_image_id ? { profileImage: fileUrl(user.profile_image_id) } : {}),
    roles: roles.map((nom) => ({ nom })),
    services: services.map((s, i) => ({ id: s.id, nom: s.nom, current: i === 0 })),
  };
}
