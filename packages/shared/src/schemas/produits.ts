import { z } from 'zod';
import { barcodeError } from '../barcode.js';
import { TVA_RATE_MAX } from './services.js';
import {
  booleanQuery,
  emptyToNull,
  idOf,
  optionalText,
  requiredText,
  sortedListQuery,
} from './fields.js';
import { pageOf } from './list.js';

/**
 * Products of a shop (`/api/services/:serviceId/produits`). Money in the currency's minor unit,
 * VAT rates in hundredths of a percent (18 % = 1800), quantities in thousandths (1,5 kg = 1500).
 */

export const produitIdParamsSchema = z.object({ produitId: idOf('du produit') });
/** `GET …/produits/code-barres/:code`: exact lookup, for scanners. */
export const codeBarresParamsSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Le code-barres est obligatoire.')
    .max(64, 'Le code-barres est trop long.'),
});

const money = (label: string) =>
  z
    .number({ error: `${label} doit être un nombre.` })
    .int(
      `${label} est un nombre entier dans la plus petite unité de la devise (centimes pour l'euro).`,
    )
    .min(0, `${label} ne peut pas être négatif.`)
    .max(1e13, `${label} est trop élevé.`);

const thousandths = (label: string) =>
  z
    .number({ error: `${label} doit être un nombre.` })
    .int(`${label} est exprimé en millièmes (1,5 kg = 1500) : un nombre entier.`)
    .min(0, `${label} ne peut pas être négatif.`)
    .max(1e12, `${label} est trop grand.`);

/** Barcode: EAN-13/EAN-8 with a valid check digit, or Code 128 text; empty: generated (EAN-13 20–29). */
export const codeBarresSchema = emptyToNull(
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const error = barcodeError(value);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
);

const produitFields = {
  nom: requiredText(150, 'Le nom du produit'),
  /** SKU, unique in the shop; optional. */
  reference: optionalText(64, 'La référence'),
  codeBarres: codeBarresSchema,
  categorieId: emptyToNull(idOf('de la catégorie')),
  marqueId: emptyToNull(idOf('de la marque')),
  uniteId: idOf("de l'unité"),
  prixAchat: money("Le prix d'achat").default(0),
  prixVente: money('Le prix de vente'),
  prixGros: emptyToNull(money('Le prix de gros')),
  tauxTva: z
    .number({ error: 'Le taux de TVA doit être un nombre.' })
    .int('Le taux de TVA est exprimé en centièmes de pour cent (18 % = 1800).')
    .min(0, 'Le taux de TVA ne peut pas être négatif.')
    .max(TVA_RATE_MAX, 'Le taux de TVA ne peut pas dépasser 100 %.')
    .default(0),
  seuilAlerte: thousandths("Le seuil d'alerte").default(0),
  description: optionalText(2000, 'La description'),
  actif: z.boolean({ error: 'Actif doit valoir vrai ou faux.' }).default(true),
};

/**
 * `POST …/produits`. `codeBarres` empty: an in-store EAN-13 is generated. `stockInitial`
 * (thousandths) becomes an 'initial' movement of the ledger.
 */
export const produitCreateSchema = z
  .object({ ...produitFields, stockInitial: thousandths('Le stock initial').default(0) })
  .meta({ id: 'ProduitCreate' });
export type ProduitCreate = z.input<typeof produitCreateSchema>;
export type ProduitCreateData = z.output<typeof produitCreateSchema>;

/** `PUT …/produits/:produitId`: every field but the quantity, which only movements change. */
export const produitUpdateSchema = z.object(produitFields).meta({ id: 'ProduitUpdate' });
export type ProduitUpdate = z.input<typeof produitUpdateSchema>;
export type ProduitUpdateData = z.output<typeof produitUpdateSchema>;

export const ETATS_STOCK = ['en_stock', 'sous_seuil', 'rupture'] as const;
/** rupture: quantity ≤ 0; sous_seuil: 0 < quantity ≤ alert threshold; en_stock: above it. */
export type EtatStock = (typeof ETATS_STOCK)[number];

const ref = z.object({ id: z.number().int(), nom: z.string() });

export const produitSchema = z
  .object({
    id: z.number().int(),
    nom: z.string(),
    reference: z.string().nullable(),
    codeBarres: z.string().nullable(),
    categorie: ref.nullable(),
    marque: ref.nullable(),
    unite: z.object({
      id: z.number().int(),
      nom: z.string(),
      symbole: z.string(),
      fractionnable: z.boolean(),
    }),
    /** Weighted average cost (CUMP), kept by purchases. */
    prixAchat: z.number().int(),
    prixVente: z.number().int(),
    prixGros: z.number().int().nullable(),
    tauxTva: z.number().int(),
    seuilAlerte: z.number().int(),
    /** On hand, thousandths: always the sum of the movements. */
    quantite: z.number().int(),
    /** quantite × prixAchat / 1000, rounded half away from zero, minor units. */
    valeurStock: z.number().int(),
    etatStock: z.enum(ETATS_STOCK),
    image: z.string().nullable(),
    description: z.string().nullable(),
    actif: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Produit' });
export type Produit = z.infer<typeof produitSchema>;

export const PRODUIT_SORTS = [
  'nom',
  'reference',
  'code_barres',
  'prix_vente',
  'quantite',
  'created_at',
] as const;
export type ProduitSort = (typeof PRODUIT_SORTS)[number];

/**
 * `GET …/produits`: page, size, sort (PRODUIT_SORTS), q (name without accents or case, reference,
 * barcode), categorieId, marqueId, actif, stock (en_stock, sous_seuil, rupture).
 */
export const produitListQuerySchema = sortedListQuery(PRODUIT_SORTS).extend({
  categorieId: idOf('de la catégorie').optional(),
  marqueId: idOf('de la marque').optional(),
  actif: booleanQuery.optional(),
  stock: z
    .enum(ETATS_STOCK, { error: 'Le filtre de stock doit être en_stock, sous_seuil ou rupture.' })
    .optional(),
});
export type ProduitListQuery = z.infer<typeof produitListQuerySchema>;
export const produitPageSchema = pageOf(produitSchema).meta({ id: 'ProduitPage' });
export type ProduitPage = z.infer<typeof produitPageSchema>;

/** `GET …/produits/export.csv`: the list's filters and sort, every matching product (no pages). */
export const produitExportQuerySchema = produitListQuerySchema.omit({ page: true, size: true });
export type ProduitExportQuery = z.infer<typeof produitExportQuerySchema>;
