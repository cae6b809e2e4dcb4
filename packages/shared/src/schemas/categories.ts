import { z } from 'zod';
import { idOf, requiredText, sortedListQuery } from './fields.js';
import { pageOf } from './list.js';

/** Product categories of a shop (`/api/services/:serviceId/categories`). */

export const categorieIdParamsSchema = z.object({ categorieId: idOf('de la catégorie') });

/** `POST` and `PUT`: the name, unique in the shop whatever the case. */
export const categorieInputSchema = z
  .object({ nom: requiredText(100, 'Le nom de la catégorie') })
  .meta({ id: 'CategorieInput' });
export type CategorieInput = z.input<typeof categorieInputSchema>;
export type CategorieData = z.output<typeof categorieInputSchema>;

export const categorieSchema = z
  .object({
    id: z.number().int(),
    nom: z.string(),
    /** Products of the shop in this category (active or not). */
    nbProduits: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'Categorie' });
export type Categorie = z.infer<typeof categorieSchema>;

export const CATEGORIE_SORTS = ['nom', 'nb_produits', 'created_at'] as const;
export type CategorieSort = (typeof CATEGORIE_SORTS)[number];
/** `GET …/categories`: page, size (up to 200 for a drop-down), sort, q (nom). */
export const categorieListQuerySchema = sortedListQuery(CATEGORIE_SORTS);
export type CategorieListQuery = z.infer<typeof categorieListQuerySchema>;
export const categoriePageSchema = pageOf(categorieSchema).meta({ id: 'CategoriePage' });
export type CategoriePage = z.infer<typeof categoriePageSchema>;
