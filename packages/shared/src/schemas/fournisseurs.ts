import { z } from 'zod';
import { booleanQuery, idOf, optionalText, requiredText, sortedListQuery } from './fields.js';
import { pageOf } from './list.js';
import { confirmerDoublonSchema, partyEmailSchema, partyPhoneSchema } from './parties.js';

/** Suppliers of a shop (`/api/services/:serviceId/fournisseurs`), kept by the owner. */

export const fournisseurIdParamsSchema = z.object({ fournisseurId: idOf('du fournisseur') });

/** `POST` and `PUT`. `contact`: the person to ask for. */
export const fournisseurInputSchema = z
  .object({
    nom: requiredText(150, 'Le nom du fournisseur'),
    contact: optionalText(150, 'Le contact'),
    telephone: partyPhoneSchema,
    email: partyEmailSchema,
    adresse: optionalText(255, "L'adresse"),
    actif: z.boolean({ error: 'Actif doit valoir vrai ou faux.' }).default(true),
    confirmerDoublon: confirmerDoublonSchema,
  })
  .meta({ id: 'FournisseurInput' });
export type FournisseurInput = z.input<typeof fournisseurInputSchema>;
export type FournisseurData = z.output<typeof fournisseurInputSchema>;

export const fournisseurSchema = z
  .object({
    id: z.number().int(),
    nom: z.string(),
    contact: z.string().nullable(),
    telephone: z.string().nullable(),
    email: z.string().nullable(),
    adresse: z.string().nullable(),
    actif: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Fournisseur' });
export type Fournisseur = z.infer<typeof fournisseurSchema>;

export const FOURNISSEUR_SORTS = ['nom', 'created_at'] as const;
export type FournisseurSort = (typeof FOURNISSEUR_SORTS)[number];
/** `GET …/fournisseurs`: page, size, sort, q (nom without accents, contact, téléphone, e-mail), actif. */
export const fournisseurListQuerySchema = sortedListQuery(FOURNISSEUR_SORTS).extend({
  actif: booleanQuery.optional(),
});
export type FournisseurListQuery = z.infer<typeof fournisseurListQuerySchema>;
export const fournisseurPageSchema = pageOf(fournisseurSchema).meta({ id: 'FournisseurPage' });
export type FournisseurPage = z.infer<typeof fournisseurPageSchema>;
