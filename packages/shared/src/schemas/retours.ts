import { z } from 'zod';
import { idOf, optionalText } from './fields.js';
import { MODES_PAIEMENT, cleIdempotenceSchema } from './document.js';
import { personRef } from './ventes.js';

/** Returns of a sale (`POST …/ventes/:venteId/retours`): quantities in thousandths, money in minor units. */

export const RETOUR_MODES = ['remboursement', 'avoir'] as const;
export type RetourMode = (typeof RETOUR_MODES)[number];
export const RETOUR_MODE_LABELS: Record<RetourMode, string> = {
  remboursement: 'Remboursement',
  avoir: 'Avoir sur le compte client',
};

/**
 * `POST …/ventes/:venteId/retours`. Quantities never above sold minus already returned. The
 * amount first reduces what is still owed on the sale; the rest is refunded (`modeRemboursement`)
 * or credited to the customer's account (`avoir`, needs a customer).
 */
export const retourInputSchema = z
  .object({
    cleIdempotence: cleIdempotenceSchema,
    lignes: z
      .array(
        z.object({
          ligneId: idOf('de la ligne'),
          quantite: z
            .number({ error: 'La quantité retournée doit être un nombre.' })
            .int('La quantité est exprimée en millièmes : un nombre entier.')
            .positive('La quantité retournée doit être supérieure à zéro.')
            .max(1e9, 'La quantité est trop grande.'),
        }),
      )
      .min(1, 'Choisissez au moins une ligne à retourner.')
      .max(500, 'Un retour ne peut pas dépasser 500 lignes.'),
    mode: z.enum(RETOUR_MODES, {
      error: 'Le mode de retour doit être « remboursement » ou « avoir ».',
    }),
    modeRemboursement: z
      .enum(MODES_PAIEMENT, { error: 'Mode de remboursement inconnu.' })
      .nullable()
      .optional(),
    motif: optionalText(255, 'Le motif'),
    /** The register the refund is paid from: its session must be open (caisses). */
    caisseId: idOf('de la caisse').optional(),
  })
  .meta({ id: 'RetourInput' });
export type RetourInput = z.input<typeof retourInputSchema>;
export type RetourData = z.output<typeof retourInputSchema>;

export const retourSchema = z
  .object({
    id: z.number().int(),
    /** R-2026-000012: per shop and year, without gaps. */
    numero: z.string(),
    vente: z.object({ id: z.number().int(), numero: z.string() }),
    createdAt: z.string(),
    user: personRef,
    lignes: z.array(
      z.object({
        ligneId: z.number().int(),
        produitId: z.number().int(),
        nom: z.string(),
        quantite: z.number().int(),
        montantTtc: z.number().int(),
      }),
    ),
    montantTtc: z.number().int(),
    /** Part that reduced what was still owed on the sale. */
    imputeDette: z.number().int(),
    /** Part paid back to the customer. */
    rembourse: z.number().int(),
    modeRemboursement: z.enum(MODES_PAIEMENT).nullable(),
    /** Part credited to the customer's account. */
    avoir: z.number().int(),
    motif: z.string().nullable(),
  })
  .meta({ id: 'Retour' });
export type Retour = z.infer<typeof retourSchema>;
