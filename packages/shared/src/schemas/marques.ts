import { z } from 'zod';
import { idOf, requiredText, sortedListQuery } from './fields.js';
import { pageOf } from './list.js';

/** Brands (marques) of a shop (`/api/services/:serviceId/marques`). */

export const marqueIdParamsSchema = z.object({ marqueId: idOf('de la marque') });

/** `POST` and `PUT`: the name, unique in the shop whatever the case. */
export const marqueInputSchema = z
  .object({ nom: requiredText(100, 'Le nom de la marque') })
  .meta({ id: 'MarqueInput' });
export type MarqueInput = z.input<typeof marqueInputSchema>;
export type MarqueData = z.output<typeof marqueInputSchema>;

export const marqueSchema = z
  .object({
    id: z.number().int(),
    nom: z.string(),
    /** Products of the shop of this brand (active or not). */
    nbProduits: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'Marque' });
export type Marque = z.infer<typeof marqueSchema>;

export const MARQUE_SORTS = ['nom', 'nb_produits', 'created_at'] as const;
export type MarqueSort = (typeof MARQUE_SORTS)[number];
/** `GET …/marques`: page, size (up to 200 for a drop-down), sort, q (nom). */
export const marqueListQuerySchema = sortedListQuery(MARQUE_SORTS);
export type MarqueListQuery = z.infer<typeof marqueListQuerySchema>;
export const marquePageSchema = pageOf(marqueSchema).meta({ id: 'MarquePage' });
export type MarquePage = z.infer<typeof marquePageSchema>;
