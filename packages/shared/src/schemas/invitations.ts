import { z } from 'zod';
import { emptyToNull, idOf, requiredText, sortedListQuery } from './fields.js';
import { pageOf } from './list.js';
import { phoneSchema } from './account.js';
import { emailSchema, serviceIdsSchema } from './users.js';

/**
 * Invitations of managers (`/api/invitations`). An owner invites an e-mail address to some of
 * their shops; the answer never tells whether the address has an account. The invitee accepts
 * through the mailed link (`/auth/invitation?key=…`): with the password of their account, or by
 * creating one.
 */

export const INVITATION_SORTS = ['email', 'created_at', 'expires_at'] as const;
export type InvitationSort = (typeof INVITATION_SORTS)[number];

export const invitationIdParamsSchema = z.object({ invitationId: idOf("de l'invitation") });

/** `GET /api/invitations`: page, size, sort (INVITATION_SORTS, default created_at,desc), q (e-mail). */
export const invitationListQuerySchema = sortedListQuery(INVITATION_SORTS);
export type InvitationListQuery = z.infer<typeof invitationListQuerySchema>;

/** `POST /api/invitations`: the address and at least one shop of the owner. */
export const invitationCreateSchema = z
  .object({
    email: emailSchema,
    services: serviceIdsSchema,
  })
  .meta({ id: 'InvitationCreate' });
export type InvitationCreate = z.input<typeof invitationCreateSchema>;
export type InvitationCreateData = z.output<typeof invitationCreateSchema>;

/** A pending invitation as its owner (or the admin) sees it: nothing about any account. */
export const invitationItemSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    services: z.array(z.object({ id: z.number().int(), nom: z.string() })),
    proprietaire: z.object({ id: z.number().int(), prenom: z.string(), nom: z.string() }),
    createdAt: z.string(),
    sentAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'Invitation' });
export type InvitationItem = z.infer<typeof invitationItemSchema>;

export const invitationPageSchema = pageOf(invitationItemSchema).meta({ id: 'InvitationPage' });
export type InvitationPage = z.infer<typeof invitationPageSchema>;

const key = z
  .string({ error: "La clé d'invitation est obligatoire." })
  .min(1, "La clé d'invitation est obligatoire.")
  .max(200, "La clé d'invitation n'est pas valide.");

/** `POST /api/invitations/consulter`: the key of the link. */
export const invitationKeySchema = z.object({ key }).meta({ id: 'InvitationKey' });

/**
 * What the invitee needs to accept: who invites, to which shops, and how to accept —
 * `creation` (no account: name and a new password), `connexion` (the password of the account),
 * `mot-de-passe` (an account that never chose a password: a new one).
 */
export const INVITATION_MODES = ['creation', 'connexion', 'mot-de-passe'] as const;
export type InvitationMode = (typeof INVITATION_MODES)[number];
export const invitationDetailSchema = z
  .object({
    email: z.string(),
    proprietaire: z.string(),
    services: z.array(z.string()),
    expiresAt: z.string(),
    mode: z.enum(INVITATION_MODES),
  })
  .meta({ id: 'InvitationDetail' });
export type InvitationDetail = z.infer<typeof invitationDetailSchema>;

/**
 * `POST /api/invitations/accepter`. `password`: the account's (connexion) or a new one (length
 * rules of newPasswordSchema); `prenom`, `nom` (required) and `telephone` only for a new account.
 */
export const invitationAcceptSchema = z
  .object({
    key,
    password: z
      .string({ error: 'Le mot de passe est obligatoire.' })
      .min(1, 'Le mot de passe est obligatoire.')
      .max(1024, 'Le mot de passe est trop long.'),
    prenom: requiredText(100, 'Le prénom').optional(),
    nom: requiredText(100, 'Le nom').optional(),
    telephone: emptyToNull(phoneSchema),
  })
  .meta({ id: 'InvitationAccept' });
export type InvitationAccept = z.input<typeof invitationAcceptSchema>;
export type InvitationAcceptData = z.output<typeof invitationAcceptSchema>;
