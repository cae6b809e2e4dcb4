import { z } from 'zod';
import { idOf, requiredText, sortedListQuery } from './fields.js';
import { pageOf } from './list.js';

/** Units of measure (`/api/unites`): one global list kept by the admin, read by everyone. */

export const uniteIdParamsSchema = z.object({ uniteId: idOf("de l'unité") });

/** `POST /api/unites` and `PUT /api/unites/:uniteId`. */
export const uniteInputSchema = z
  .object({
    nom: requiredText(50, "Le nom de l'unité"),
    symbole: requiredText(10, 'Le symbole'),
    /** Quantities may have decimals (kg, litre) or not (pièce, carton). */
    fractionnable: z.boolean({ error: 'Fractionnable doit valoir vrai ou faux.' }),
  })
  .meta({ id: 'UniteInput' });
export type UniteInput = z.input<typeof uniteInputSchema>;
export type UniteData = z.output<typeof uniteInputSchema>;

export const uniteSchema = z
  .object({
    id: z.number().int(),
    nom: z.string(),
    symbole: z.string(),
    fractionnable: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Unite' });
export type Unite = z.infer<typeof uniteSchema>;

export const UNITE_SORTS = ['nom', 'symbole', 'created_at'] as const;
/** `GET /api/unites`: page, size (ask up to 200 for a drop-down), sort, q (nom, symbole). */
export const uniteListQuerySchema = sortedListQuery(UNITE_SORTS);
export type UniteListQuery = z.infer<typeof uniteListQuerySchema>;
export const unitePageSchema = pageOf(uniteSchema).meta({ id: 'UnitePage' });
export type UnitePage = z.infer<typeof unitePageSchema>;
