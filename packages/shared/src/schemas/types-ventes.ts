import { z } from 'zod';
import { booleanQuery, idOf, requiredText, sortedListQuery } from './fields.js';
import { pageOf } from './list.js';

/** Sale types (`/api/types-ventes`): a global list kept by the admin, read by everyone. */

export const PRIX_UTILISES = ['detail', 'gros'] as const;
export type PrixUtilise = (typeof PRIX_UTILISES)[number];
/** `gros` falls back to the retail price for a product without a wholesale price. */
export const PRIX_UTILISE_LABELS: Record<PrixUtilise, string> = {
  detail: 'Prix de détail',
  gros: 'Prix de gros',
};

export const typeVenteIdParamsSchema = z.object({ typeVenteId: idOf('du type de vente') });

/** `POST /api/types-ventes` and `PUT /api/types-ventes/:typeVenteId`. */
export const typeVenteInputSchema = z
  .object({
    nom: requiredText(80, 'Le nom du type de vente'),
    prixUtilise: z.enum(PRIX_UTILISES, {
      error: 'Le prix utilisé doit être « detail » ou « gros ».',
    }),
    actif: z.boolean({ error: 'Actif doit valoir vrai ou faux.' }).default(true),
  })
  .meta({ id: 'TypeVenteInput' });
export type TypeVenteInput = z.input<typeof typeVenteInputSchema>;
export type TypeVenteData = z.output<typeof typeVenteInputSchema>;

export const typeVenteSchema = z
  .object({
    id: z.number().int(),
    nom: z.string(),
    prixUtilise: z.enum(PRIX_UTILISES),
    actif: z.boolean(),
  })
  .meta({ id: 'TypeVente' });
export type TypeVente = z.infer<typeof typeVenteSchema>;

export const TYPE_VENTE_SORTS = ['nom', 'id'] as const;
/** `GET /api/types-ventes`: page, size, sort, q (nom), actif. */
export const typeVenteListQuerySchema = sortedListQuery(TYPE_VENTE_SORTS).extend({
  actif: booleanQuery.optional(),
});
export type TypeVenteListQuery = z.infer<typeof typeVenteListQuerySchema>;
export const typeVentePageSchema = pageOf(typeVenteSchema).meta({ id: 'TypeVentePage' });
export type TypeVentePage = z.infer<typeof typeVentePageSchema>;
