import { z } from 'zod';
import {
  booleanQuery,
  emptyToNull,
  idOf,
  optionalText,
  requiredText,
  sortedListQuery,
} from './fields.js';
import { pageOf } from './list.js';
import { confirmerDoublonSchema, partyEmailSchema, partyPhoneSchema } from './parties.js';

/** Customers of a shop (`/api/services/:serviceId/clients`). */

export const clientIdParamsSchema = z.object({ clientId: idOf('du client') });

const digits = (n: number, label: string) =>
  emptyToNull(
    z
      .string({ error: `${label} doit être un texte.` })
      .transform((v) => v.replace(/[\s.]/g, ''))
      .pipe(z.string().regex(new RegExp(`^\\d{${n}}$`), `${label} compte ${n} chiffres.`)),
  );

/**
 * A customer's billing identity (quotes, invoices): a business (`professionnel`) may give its
 * SIREN (9 digits), SIRET (14 digits, starting with the SIREN), intra-EU VAT number and a
 * delivery address other than its billing address (`adresse`).
 */
export const clientIdentiteSchema = z.object({
  professionnel: z.boolean({ error: 'Professionnel doit valoir vrai ou faux.' }).default(false),
  siren: digits(9, 'Le SIREN'),
  siret: digits(14, 'Le SIRET'),
  tvaIntracom: emptyToNull(
    z
      .string({ error: 'Le numéro de TVA intracommunautaire doit être un texte.' })
      .transform((v) => v.replace(/\s/g, '').toUpperCase())
      .pipe(
        z
          .string()
          .regex(
            /^[A-Z]{2}[A-Z0-9]{2,13}$/,
            'Le numéro de TVA intracommunautaire commence par le code du pays (FR…) suivi de 2 à 13 lettres ou chiffres.',
          ),
      ),
  ),
  adresseLivraison: optionalText(255, "L'adresse de livraison"),
});

/** `POST` and `PUT`. `plafondCredit`: credit limit in minor units, null for none. */
export const clientInputSchema = z
  .object({
    nom: requiredText(150, 'Le nom du client'),
    telephone: partyPhoneSchema,
    email: partyEmailSchema,
    adresse: optionalText(255, "L'adresse"),
    notes: optionalText(2000, 'Les notes'),
    plafondCredit: emptyToNull(
      z
        .number({ error: 'Le plafond de crédit doit être un nombre.' })
        .int('Le plafond de crédit est un nombre entier dans la plus petite unité de la devise.')
        .min(0, 'Le plafond de crédit ne peut pas être négatif.')
        .max(1e13, 'Le plafond de crédit est trop élevé.'),
    ),
    actif: z.boolean({ error: 'Actif doit valoir vrai ou faux.' }).default(true),
    ...clientIdentiteSchema.shape,
    confirmerDoublon: confirmerDoublonSchema,
  })
  .superRefine((c, ctx) => {
    if (c.siren && c.siret && !c.siret.startsWith(c.siren))
      ctx.addIssue({
        code: 'custom',
        path: ['siret'],
        message: 'Le SIRET doit commencer par le SIREN du client.',
      });
  })
  .meta({ id: 'ClientInput' });
export type ClientInput = z.input<typeof clientInputSchema>;
export type ClientData = z.output<typeof clientInputSchema>;

export const clientSchema = z
  .object({
    id: z.number().int(),
    nom: z.string(),
    /** E.164 (+221771234567). */
    telephone: z.string().nullable(),
    email: z.string().nullable(),
    adresse: z.string().nullable(),
    notes: z.string().nullable(),
    plafondCredit: z.number().int().nullable(),
    professionnel: z.boolean(),
    siren: z.string().nullable(),
    siret: z.string().nullable(),
    tvaIntracom: z.string().nullable(),
    adresseLivraison: z.string().nullable(),
    actif: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Client' });
export type Client = z.infer<typeof clientSchema>;

export const CLIENT_SORTS = ['nom', 'created_at'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
/** `GET …/clients`: page, size, sort, q (nom without accents, téléphone, e-mail), actif. */
export const clientListQuerySchema = sortedListQuery(CLIENT_SORTS).extend({
  actif: booleanQuery.optional(),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;
export const clientPageSchema = pageOf(clientSchema).meta({ id: 'ClientPage' });
export type ClientPage = z.infer<typeof clientPageSchema>;
