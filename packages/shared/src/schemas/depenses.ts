import { z } from 'zod';
import { cleIdempotenceSchema, MODES_PAIEMENT, positiveMoney } from './document.js';
import { idOf, isoDateSchema, requiredText, sortedListQuery } from './fields.js';
import { pageOf } from './list.js';
import { personRef } from './ventes.js';

/**
 * Expenses (dépenses) of a shop: money going out that is not a purchase of goods (rent, wages,
 * power…). Amounts in the currency's minor unit; `date` is the shop's calendar day of the expense.
 */

/** The categories every shop starts with; the owner adds more and renames them. */
export const DEPENSE_CATEGORIES_DEFAUT = [
  'Loyer',
  'Salaires',
  'Électricité et eau',
  'Transport',
  'Fournitures',
  'Impôts et taxes',
  'Autre',
] as const;

export const categorieDepenseSchema = z
  .object({ id: z.number().int(), nom: z.string(), nombreDepenses: z.number().int() })
  .meta({ id: 'CategorieDepense' });
export type CategorieDepense = z.infer<typeof categorieDepenseSchema>;

export const categorieDepenseListSchema = z.array(categorieDepenseSchema);

export const categorieDepenseInputSchema = z.object({
  nom: requiredText(60, 'Le nom de la catégorie'),
});
export type CategorieDepenseData = z.infer<typeof categorieDepenseInputSchema>;

export const categorieDepenseIdParamsSchema = z.object({
  categorieDepenseId: idOf('de la catégorie de dépense'),
});
export const depenseIdParamsSchema = z.object({ depenseId: idOf('de la dépense') });

const depenseFields = {
  categorieId: idOf('de la catégorie'),
  libelle: requiredText(200, 'Le libellé'),
  montant: positiveMoney('Le montant'),
  date: isoDateSchema,
  mode: z.enum(MODES_PAIEMENT, { error: 'Mode de paiement inconnu.' }),
};

/** `POST …/depenses`: a new expense; the key makes a retry safe (core/idempotence.ts). */
export const depenseInputSchema = z.object({
  cleIdempotence: cleIdempotenceSchema,
  ...depenseFields,
});
export type DepenseData = z.infer<typeof depenseInputSchema>;
export type DepenseInput = z.input<typeof depenseInputSchema>;

/** `PUT …/depenses/:depenseId` (owner): the expense as it must now read. */
export const depenseUpdateSchema = z.object(depenseFields);
export type DepenseUpdate = z.infer<typeof depenseUpdateSchema>;

export const JUSTIFICATIF_TYPES = ['image', 'pdf'] as const;
export const justificatifSchema = z.object({
  type: z.enum(JUSTIFICATIF_TYPES),
  contentType: z.string(),
  taille: z.number().int(),
});

/** An expense as the history keeps it, before or after a change. */
export const depenseEtatSchema = z
  .object({
    categorie: z.string(),
    libelle: z.string(),
    montant: z.number().int(),
    date: z.string(),
    mode: z.enum(MODES_PAIEMENT),
    justificatif: z.enum(JUSTIFICATIF_TYPES).nullable(),
  })
  .meta({ id: 'DepenseEtat' });
export type DepenseEtat = z.infer<typeof depenseEtatSchema>;

export const DEPENSE_ACTIONS = ['modification', 'justificatif', 'suppression'] as const;
export type DepenseAction = (typeof DEPENSE_ACTIONS)[number];
export const DEPENSE_ACTION_LABELS: Record<DepenseAction, string> = {
  modification: 'Modification',
  justificatif: 'Justificatif',
  suppression: 'Suppression',
};

/** One change of an expense: who, when, before and after (after is null for a deletion). */
export const depenseHistoriqueSchema = z
  .object({
    id: z.number().int(),
    depenseId: z.number().int(),
    action: z.enum(DEPENSE_ACTIONS),
    par: personRef,
    le: z.string(),
    avant: depenseEtatSchema.nullable(),
    apres: depenseEtatSchema.nullable(),
  })
  .meta({ id: 'DepenseHistorique' });
export type DepenseHistorique = z.infer<typeof depenseHistoriqueSchema>;

export const depenseListItemSchema = z
  .object({
    id: z.number().int(),
    categorie: z.object({ id: z.number().int(), nom: z.string() }),
    libelle: z.string(),
    montant: z.number().int(),
    date: z.string(),
    mode: z.enum(MODES_PAIEMENT),
    justificatif: justificatifSchema.nullable(),
    auteur: personRef,
    createdAt: z.string(),
    updatedAt: z.string(),
    /** A deleted expense stays readable (with its history) but leaves lists and totals. */
    suppression: z.object({ par: personRef, le: z.string() }).nullable(),
  })
  .meta({ id: 'DepenseListItem' });
export type DepenseListItem = z.infer<typeof depenseListItemSchema>;

export const depenseSchema = depenseListItemSchema
  .extend({ historique: z.array(depenseHistoriqueSchema) })
  .meta({ id: 'Depense' });
export type Depense = z.infer<typeof depenseSchema>;

export const DEPENSE_SORTS = ['date', 'montant'] as const;
/** `GET …/depenses`: newest first by default; `du`/`au` inclusive days, `categorieId`, `q` (label). */
export const depenseListQuerySchema = sortedListQuery(DEPENSE_SORTS).extend({
  du: isoDateSchema.optional(),
  au: isoDateSchema.optional(),
  categorieId: idOf('de la catégorie').optional(),
});
export type DepenseListQuery = z.infer<typeof depenseListQuerySchema>;
export const depenseExportQuerySchema = depenseListQuerySchema.omit({ page: true, size: true });

/** The page plus the totals of the whole filtered set: overall and per category. */
export const depensePageSchema = pageOf(depenseListItemSchema)
  .extend({
    totaux: z.object({
      nombre: z.number().int(),
      montant: z.number().int(),
      parCategorie: z.array(
        z.object({
          categorie: z.object({ id: z.number().int(), nom: z.string() }),
          nombre: z.number().int(),
          montant: z.number().int(),
        }),
      ),
    }),
  })
  .meta({ id: 'DepensePage' });
export type DepensePage = z.infer<typeof depensePageSchema>;

/** `GET …/depenses-historique`: every change of the shop's expenses, newest first (deletions too). */
export const depenseHistoriqueQuerySchema = sortedListQuery(['le']);
export const depenseHistoriquePageSchema = pageOf(
  depenseHistoriqueSchema.extend({ libelle: z.string() }),
).meta({ id: 'DepenseHistoriquePage' });
export type DepenseHistoriquePage = z.infer<typeof depenseHistoriquePageSchema>;
