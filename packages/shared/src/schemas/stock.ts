import { z } from 'zod';
import { sortedListQuery } from './fields.js';
import { pageOf } from './list.js';

/**
 * The stock ledger: every change of a product's quantity is one movement (docs/regles-metier.md).
 */

export const MOUVEMENT_TYPES = [
  'vente',
  'retour',
  'achat',
  'ajustement',
  'inventaire',
  'transfert',
  'initial',
  'retour_fournisseur',
] as const;
export type MouvementType = (typeof MOUVEMENT_TYPES)[number];

export const MOUVEMENT_TYPE_LABELS: Record<MouvementType, string> = {
  vente: 'Vente',
  retour: 'Retour',
  achat: 'Approvisionnement',
  ajustement: 'Ajustement',
  inventaire: 'Inventaire',
  transfert: 'Transfert',
  initial: 'Stock initial',
  retour_fournisseur: 'Retour au fournisseur',
};

/** A quantity in thousandths (1.5 kg = 1500). */
export const quantiteSchema = (label: string) =>
  z
    .number({ error: `${label} doit être un nombre (en millièmes : 1,5 kg = 1500).` })
    .int(`${label} est exprimée en millièmes (1,5 kg = 1500) : un nombre entier.`)
    .min(-1e12, `${label} est trop grande.`)
    .max(1e12, `${label} est trop grande.`);

/** `POST …/produits/:produitId/ajustements` (owner): signed quantity, never zero, and a reason. */
export const ajustementInputSchema = z
  .object({
    quantite: quantiteSchema('La quantité').refine(
      (v) => v !== 0,
      "La quantité de l'ajustement ne peut pas être nulle.",
    ),
    motif: z
      .string({ error: "Le motif de l'ajustement est obligatoire." })
      .trim()
      .min(1, "Le motif de l'ajustement est obligatoire.")
      .max(255, 'Le motif ne peut pas dépasser 255 caractères.'),
  })
  .meta({ id: 'AjustementInput' });
export type AjustementInput = z.input<typeof ajustementInputSchema>;
export type AjustementData = z.output<typeof ajustementInputSchema>;

export const mouvementSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(MOUVEMENT_TYPES),
    /** Signed, in thousandths: positive in, negative out. */
    quantite: z.number().int(),
    motif: z.string().nullable(),
    /** The source document ('vente', 'achat'…) and its id, when there is one. */
    documentType: z.string().nullable(),
    documentId: z.number().int().nullable(),
    /**
     * In a product's stock history: the document's number (V-…, R-…, A-…, RA-…; an inventory has
     * none) and, for a return, the sale or purchase it belongs to (where it is shown).
     */
    documentNumero: z.string().nullable().optional(),
    documentParentId: z.number().int().nullable().optional(),
    user: z.object({ id: z.number().int(), prenom: z.string(), nom: z.string() }).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Mouvement' });
export type Mouvement = z.infer<typeof mouvementSchema>;

export const MOUVEMENT_SORTS = ['created_at'] as const;
/** `GET …/produits/:produitId/mouvements`: newest first by default; filter by type. */
export const mouvementListQuerySchema = sortedListQuery(MOUVEMENT_SORTS).extend({
  type: z.enum(MOUVEMENT_TYPES, { error: 'Type de mouvement inconnu.' }).optional(),
});
export type MouvementListQuery = z.infer<typeof mouvementListQuerySchema>;
export const mouvementPageSchema = pageOf(mouvementSchema).meta({ id: 'MouvementPage' });
export type MouvementPage = z.infer<typeof mouvementPageSchema>;
