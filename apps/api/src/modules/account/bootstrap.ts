import { frenchSortKey } from '@comptoir/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { nowIso } from '../../db/time.js';
import { sendResetLink } from './reset.service.js';

/**
 * A real installation has no account and no default password: with ADMIN_EMAIL set and no
 * administrator yet, one is created and receives a link to choose a password.
 */
export async function bootstrapAdmin(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const email = ctx.config.adminEmail;
  const { db } = ctx.database;
  const admin = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('role', '=', 'ROLE_ADMIN')
    .limit(1)
    .executeTakeFirst();
  if (admin) return;
  if (!email) {
    log.warn('Aucun administrateur : démarrez avec ADMIN_EMAIL=adresse pour en créer un.');
    return;
  }
  const now = nowIso();
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  const id =
    existing?.id ??
    (
      await db
        .insertInto('users')
        .values({
          email,
          password_hash: null,
          prenom: 'Administrateur',
          nom: 'Comptoir',
          nom_tri: frenchSortKey('Comptoir'),
          prenom_tri: frenchSortKey('Administrateur'),
          telephone: null,
          profile_image_id: null,
          active: 1,
          last_login_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  await db.insertInto('user_roles').values({ user_id: id, role: 'ROLE_ADMIN' }).execute();
  await sendResetLink(ctx, id, true);
  log.info(
    { email },
    'Administrateur créé : un lien pour choisir son mot de passe lui a été envoyé.',
  );
}
