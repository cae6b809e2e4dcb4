import { z } from 'zod';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

const name = (label: string) =>
  z
    .string({ error: `Le ${label} est obligatoire.` })
    .trim()
    .min(1, `Le ${label} est obligatoire.`)
    .max(100, `Le ${label} ne peut pas dépasser 100 caractères.`);

/** International phone number, digits with an optional leading +, spaces and dots allowed. */
export const phoneSchema = z
  .string()
  .trim()
  .max(30, 'Le numéro de téléphone est trop long.')
  .regex(/^\+?[0-9 .-]{6,}$/, "Le numéro de téléphone n'est pas valide.");

export const profileUpdateSchema = z
  .object({
    prenom: name('prénom'),
    nom: name('nom'),
    telephone: z
      .union([phoneSchema, z.literal('')])
      .nullable()
      .optional(),
  })
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
