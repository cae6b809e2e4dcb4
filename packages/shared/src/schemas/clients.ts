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
    confirmerDoublon: confirmerDoublonSchema,
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
