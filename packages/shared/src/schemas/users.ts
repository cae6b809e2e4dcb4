import { z } from 'zod';
import { ROLES } from '../roles.js';
import { phoneSchema } from './account.js';
import { booleanQuery, emptyToNull, idOf, requiredText, sortedListQuery } from './fields.js';
import { pageOf } from './list.js';

/** Users (`/api/users`): the admin manages everyone; an owner manages the managers of their shops. */

export const USER_SORTS = ['nom', 'prenom', 'email', 'last_login_at', 'created_at'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const userIdParamsSchema = z.object({ userId: idOf("de l'utilisateur") });

/** `GET /api/users`: page, size (8), sort (USER_SORTS), q (e-mail, nom, prénom), role, active. */
export const userListQuerySchema = sortedListQuery(USER_SORTS).extend({
  role: z
    .enum(ROLES, { error: 'Le rôle doit être ROLE_ADMIN, ROLE_PROPRIETAIRE ou ROLE_GERANT.' })
    .optional(),
  active: booleanQuery.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

const telephone = emptyToNull(phoneSchema);

/** Shops of a manager: at least one, each an id of a shop of the owner. */
export const serviceIdsSchema = z
  .array(idOf('de boutique'), { error: 'Les boutiques doivent être une liste d’identifiants.' })
  .min(1, 'Choisissez au moins une boutique.')
  .max(500, 'Trop de boutiques.')
  .transform((ids) => [...new Set(ids)]);

export const emailSchema = z
  .string({ error: "L'adresse e-mail est obligatoire." })
  .trim()
  .toLowerCase()
  .max(254, "L'adresse e-mail est trop longue.")
  .pipe(z.email({ error: "L'adresse e-mail n'est pas valide." }));

/**
 * `POST /api/users`. The admin creates owners (role omitted or ROLE_PROPRIETAIRE) or admins
 * (ROLE_ADMIN); an owner creates managers (role omitted or ROLE_GERANT) and must give `services`.
 * The new user receives an invitation mail to choose a password.
 */
export const userCreateSchema = z
  .object({
    email: emailSchema,
    prenom: requiredText(100, 'Le prénom'),
    nom: requiredText(100, 'Le nom'),
    telephone,
    role: z
      .enum(ROLES, { error: 'Le rôle doit être ROLE_ADMIN, ROLE_PROPRIETAIRE ou ROLE_GERANT.' })
      .optional(),
    services: serviceIdsSchema.optional(),
  })
  .meta({ id: 'UserCreate' });
export type UserCreate = z.input<typeof userCreateSchema>;
export type UserCreateData = z.output<typeof userCreateSchema>;

/** `PUT /api/users/:userId`: names and phone; an owner also sets the manager's shops among their own. */
export const userUpdateSchema = z
  .object({
    prenom: requiredText(100, 'Le prénom'),
    nom: requiredText(100, 'Le nom'),
    telephone,
    services: serviceIdsSchema.optional(),
  })
  .meta({ id: 'UserUpdate' });
export type UserUpdate = z.input<typeof userUpdateSchema>;
export type UserUpdateData = z.output<typeof userUpdateSchema>;

export const userServiceSchema = z.object({ id: z.number().int(), nom: z.string() });

/**
 * A user as the lists show it. For an owner, `services` holds only the owner's shops; `roles` is
 * then `['ROLE_GERANT']`. `invitationEnAttente`: no password chosen yet.
 */
export const userItemSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    prenom: z.string(),
    nom: z.string(),
    telephone: z.string().nullable(),
    profileImage: z.string().nullable(),
    active: z.boolean(),
    invitationEnAttente: z.boolean(),
    roles: z.array(z.enum(ROLES)),
    services: z.array(userServiceSchema),
    lastLoginAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type UserItem = z.infer<typeof userItemSchema>;

export const userPageSchema = pageOf(userItemSchema).meta({ id: 'UserPage' });
export type UserPage = z.infer<typeof userPageSchema>;
