import { z } from 'zod';
import { ROLES } from '../roles.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const email = z
  .string({ error: "L'adresse e-mail est obligatoire." })
  .trim()
  .toLowerCase()
  .max(254, "L'adresse e-mail est trop longue.")
  .pipe(z.email({ error: "L'adresse e-mail n'est pas valide." }));

/** A new password: length rules here; the list of common passwords is checked by the server. */
export const newPasswordSchema = z
  .string({ error: 'Le mot de passe est obligatoire.' })
  .min(
    PASSWORD_MIN_LENGTH,
    `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
  )
  .max(
    PASSWORD_MAX_LENGTH,
    `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`,
  );

export const loginRequestSchema = z
  .object({
    email,
    password: z
      .string({ error: 'Le mot de passe est obligatoire.' })
      .min(1, 'Le mot de passe est obligatoire.')
      .max(1024, 'Le mot de passe est trop long.'),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const refreshRequestSchema = z
  .object({
    refreshToken: z
      .string({ error: 'Le jeton de renouvellement est obligatoire.' })
      .min(1, 'Le jeton de renouvellement est obligatoire.')
      .max(200, "Le jeton de renouvellement n'est pas valide."),
  })
  .meta({ id: 'RefreshRequest' });

export const updatePasswordRequestSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Le mot de passe actuel est obligatoire.' })
      .min(1, 'Le mot de passe actuel est obligatoire.')
      .max(1024, 'Le mot de passe actuel est trop long.'),
    newPassword: newPasswordSchema,
  })
  .meta({ id: 'UpdatePasswordRequest' });
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

export const resetInitQuerySchema = z.object({ mail: email });

export const resetFinishRequestSchema = z
  .object({
    key: z
      .string({ error: 'La clé de réinitialisation est obligatoire.' })
      .min(1, 'La clé de réinitialisation est obligatoire.')
      .max(200, "La clé de réinitialisation n'est pas valide."),
    newPassword: newPasswordSchema,
  })
  .meta({ id: 'ResetFinishRequest' });
export type ResetFinishRequest = z.infer<typeof resetFinishRequestSchema>;

export const sessionServiceSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  current: z.boolean(),
});
export type SessionService = z.infer<typeof sessionServiceSchema>;

export const sessionUserSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    prenom: z.string(),
    nom: z.string(),
    telephone: z.string().nullable().optional(),
    profileImage: z.string().optional(),
    roles: z.array(z.object({ nom: z.enum(ROLES) })),
    services: z.array(sessionServiceSchema),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authResponseSchema = z
  .object({ token: z.string(), refreshToken: z.string(), user: sessionUserSchema })
  .meta({ id: 'AuthResponse' });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Claims of the access token: sub, username (e-mail), roles. */
export const accessClaimsSchema = z.object({
  sub: z.string(),
  username: z.string(),
  roles: z.array(z.string()),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;
