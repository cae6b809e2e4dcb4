import { z } from 'zod';
import { cleIdempotenceSchema } from './document.js';
import { idOf, optionalText } from './fields.js';
import { listQuerySchema, pageOf } from './list.js';

/**
 * Inventories of a shop (`/api/services/:serviceId/inventaires`, docs/regles-metier.md
 * « Inventaires »). Quantities in thousandths, values in the currency's minor unit.
 */

export const INVENTAIRE_STATUTS = ['ouvert', 'valide', 'annule'] as const;
export type InventaireStatut = (typeof INVENTAIRE_STATUTS)[number];
export const INVENTAIRE_STATUT_LABELS: Record<InventaireStatut, string> = {
  ouvert: 'En cours',
  valide: 'Validé',
  annule: 'Annulé',
};

export const INVENTAIRE_PERIMETRES = ['boutique', 'categories'] as const;
export type InventairePerimetre = (typeof INVENTAIRE_PERIMETRES)[number];

export const inventaireIdParamsSchema = z.object({ inventaireId: idOf("de l'inventaire") });

/** `POST …/inventaires` (owner): the whole shop, or the products of some categories. */
export const inventaireInputSchema = z
  .object({
    perimetre: z.enum(INVENTAIRE_PERIMETRES, {
      error: 'Le périmètre doit être « boutique » ou « categories ».',
    }),
    categorieIds: z
      .array(idOf('de la catégorie'), { error: 'Les catégories doivent être une liste.' })
      .max(500, 'Au plus 500 catégories.')
      .optional(),
    note: optionalText(500, 'La note'),
  })
  .superRefine((v, ctx) => {
    const ids = v.categorieIds ?? [];
    if (v.perimetre === 'categories' && ids.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['categorieIds'],
        message: 'Choisissez au moins une catégorie.',
      });
    if (v.perimetre === 'boutique' && ids.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['categorieIds'],
        message: 'Un inventaire de toute la boutique ne prend pas de catégories.',
      });
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({
        code: 'custom',
        path: ['categorieIds'],
        message: 'Une catégorie est donnée deux fois.',
      });
  })
  .meta({ id: 'InventaireInput' });
export type InventaireInput = z.input<typeof inventaireInputSchema>;
export type InventaireData = z.output<typeof inventaireInputSchema>;

export const COMPTAGE_MODES = ['scan', 'saisie'] as const;
export type ComptageMode = (typeof COMPTAGE_MODES)[number];

/**
 * `POST …/inventaires/:inventaireId/comptages` (owner and managers): a scan adds one unit; a typed
 * quantity (`saisie`) replaces what was counted. The product by id or by barcode.
 */
export const comptageInputSchema = z
  .object({
    cleIdempotence: cleIdempotenceSchema,
    mode: z.enum(COMPTAGE_MODES, { error: 'Le mode doit être « scan » ou « saisie ».' }),
    produitId: idOf('du produit').optional(),
    codeBarres: z
      .string({ error: 'Le code-barres doit être un texte.' })
      .trim()
      .min(1, 'Le code-barres est vide.')
      .max(64, 'Le code-barres est trop long.')
      .optional(),
    quantite: z
      .number({ error: 'La quantité doit être un nombre (en millièmes : 1,5 kg = 1500).' })
      .int('La quantité est exprimée en millièmes (1,5 kg = 1500) : un nombre entier.')
      .min(0, 'La quantité comptée ne peut pas être négative.')
      .max(1e12, 'La quantité est trop grande.')
      .optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.produitId === undefined) === (v.codeBarres === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['produitId'],
        message: 'Donnez le produit ou son code-barres (l’un des deux).',
      });
    if (v.mode === 'saisie' && v.quantite === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['quantite'],
        message: 'La quantité comptée est obligatoire.',
      });
    if (v.mode === 'scan' && v.quantite !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['quantite'],
        message: 'Un scan compte une unité : pas de quantité.',
      });
  })
  .meta({ id: 'ComptageInput' });
export type ComptageInput = z.input<typeof comptageInputSchema>;
export type ComptageData = z.output<typeof comptageInputSchema>;

const personne = z.object({ id: z.number().int(), prenom: z.string(), nom: z.string() });

export const inventaireResumeSchema = z.object({
  produits: z.number().int(),
  comptes: z.number().int(),
  nonComptes: z.number().int(),
  /** Counted products whose difference is not zero. */
  ecarts: z.number().int(),
  /** Values at cost (minor units): the missing (≤ 0), the surplus (≥ 0), and their sum. */
  valeurManquants: z.number().int(),
  valeurSurplus: z.number().int(),
  valeurEcarts: z.number().int(),
});
export type InventaireResume = z.infer<typeof inventaireResumeSchema>;

export const inventaireSchema = z
  .object({
    id: z.number().int(),
    statut: z.enum(INVENTAIRE_STATUTS),
    perimetre: z.enum(INVENTAIRE_PERIMETRES),
    categories: z.array(z.object({ id: z.number().int(), nom: z.string() })),
    note: z.string().nullable(),
    ouvertPar: personne.nullable(),
    ouvertLe: z.string(),
    /** Who validated or cancelled it, and when. */
    cloturePar: personne.nullable(),
    clotureLe: z.string().nullable(),
    resume: inventaireResumeSchema,
  })
  .meta({ id: 'Inventaire' });
export type Inventaire = z.infer<typeof inventaireSchema>;

export const inventaireLigneSchema = z
  .object({
    produitId: z.number().int(),
    nom: z.string(),
    reference: z.string().nullable(),
    codeBarres: z.string().nullable(),
    categorie: z.string().nullable(),
    unite: z.object({ symbole: z.string(), fractionnable: z.boolean() }),
    /** On hand when the inventory was opened. */
    quantiteOuverture: z.number().int(),
    /** Movements of the ledger between the opening and the count (or now, if not counted). */
    mouvements: z.number().int(),
    /** What should be on the shelf when it was counted: opening + movements. */
    quantiteAttendue: z.number().int(),
    quantiteComptee: z.number().int().nullable(),
    /** Counted − expected; null while not counted. */
    ecart: z.number().int().nullable(),
    prixAchat: z.number().int(),
    valeurEcart: z.number().int().nullable(),
    comptages: z.number().int(),
    dernierComptage: z.object({ par: personne.nullable(), le: z.string() }).nullable(),
  })
  .meta({ id: 'InventaireLigne' });
export type InventaireLigne = z.infer<typeof inventaireLigneSchema>;

export const INVENTAIRE_LIGNE_ETATS = ['toutes', 'comptees', 'non_comptees', 'ecarts'] as const;
export type InventaireLigneEtat = (typeof INVENTAIRE_LIGNE_ETATS)[number];

/** `GET …/inventaires/:inventaireId/lignes`: by name; filter by state and by name, reference or barcode. */
export const inventaireLignesQuerySchema = listQuerySchema.omit({ sort: true }).extend({
  etat: z
    .enum(INVENTAIRE_LIGNE_ETATS, {
      error: 'L’état doit être « toutes », « comptees », « non_comptees » ou « ecarts ».',
    })
    .default('toutes'),
});
export type InventaireLignesQuery = z.infer<typeof inventaireLignesQuerySchema>;
export const inventaireLignePageSchema = pageOf(inventaireLigneSchema).meta({
  id: 'InventaireLignePage',
});
export type InventaireLignePage = z.infer<typeof inventaireLignePageSchema>;

export const inventaireListQuerySchema = listQuerySchema.omit({ sort: true, q: true });
export type InventaireListQuery = z.infer<typeof inventaireListQuerySchema>;
export const inventairePageSchema = pageOf(inventaireSchema).meta({ id: 'InventairePage' });
export type InventairePage = z.infer<typeof inventairePageSchema>;
