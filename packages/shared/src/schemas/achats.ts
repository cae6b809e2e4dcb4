import { z } from 'zod';
import { codeBarresSchema } from './produits.js';
import { emptyToNull, idOf, isoDateSchema, optionalText, requiredText } from './fields.js';
import { sortedListQuery } from './fields.js';
import {
  cleIdempotenceSchema,
  MODES_PAIEMENT,
  paiementInputSchema,
  remiseSchema,
} from './document.js';
import { pageOf } from './list.js';
import { mouvementSchema } from './stock.js';
import { personRef } from './ventes.js';

/**
 * Purchases from suppliers (`/api/services/:serviceId/achats`, docs/regles-metier.md « Achats »).
 * A draft changes no stock; its validation numbers it (A-AAAA-NNNNNN), adds the stock through the
 * ledger and recomputes each product's weighted average cost (CUMP). Money in the currency's
 * minor unit, quantities in thousandths.
 */

export const ACHAT_STATUTS = [
  'brouillon',
  'valide',
  'partiellement_paye',
  'paye',
  'retourne',
] as const;
export type AchatStatut = (typeof ACHAT_STATUTS)[number];
export const ACHAT_STATUT_LABELS: Record<AchatStatut, string> = {
  brouillon: 'Brouillon',
  valide: 'Validé',
  partiellement_paye: 'Partiellement payé',
  paye: 'Payé',
  retourne: 'Retourné',
};

export const achatIdParamsSchema = z.object({ achatId: idOf("de l'achat") });

const cout = (label: string) =>
  z
    .number({ error: `${label} doit être un nombre.` })
    .int(
      `${label} est un nombre entier dans la plus petite unité de la devise (centimes pour l'euro).`,
    )
    .min(0, `${label} ne peut pas être négatif.`)
    .max(1e13, `${label} est trop élevé.`);

/** Extra costs of a purchase, spread over its lines by value. */
export const fraisAchatSchema = z.object({
  transport: cout('Le transport').default(0),
  douane: cout('La douane').default(0),
  manutention: cout('La manutention').default(0),
});
export type FraisAchat = z.output<typeof fraisAchatSchema>;

/** A product created from a purchase line: the fields a delivery note gives. */
export const nouveauProduitAchatSchema = z.object({
  nom: requiredText(150, 'Le nom du produit'),
  codeBarres: codeBarresSchema,
  uniteId: idOf("de l'unité"),
  prixVente: cout('Le prix de vente'),
});

export const achatLigneInputSchema = z
  .object({
    produitId: emptyToNull(idOf('du produit')),
    nouveauProduit: nouveauProduitAchatSchema.nullable().optional(),
    quantite: z
      .number({ error: 'La quantité doit être un nombre.' })
      .int('La quantité est exprimée en millièmes (1,5 kg = 1500) : un nombre entier.')
      .positive('La quantité doit être supérieure à zéro.')
      .max(1e9, 'La quantité est trop grande.'),
    prixUnitaire: cout("Le coût d'achat unitaire"),
    /** The supplier's discount on the line (amount or rate), as on a sale. */
    remise: remiseSchema.nullable().optional(),
  })
  .superRefine((l, ctx) => {
    if ((l.produitId === null) === !l.nouveauProduit)
      ctx.addIssue({
        code: 'custom',
        path: ['produitId'],
        message:
          'Choisissez un produit existant ou décrivez le produit à créer (un seul des deux).',
      });
  });
export type AchatLigneInput = z.input<typeof achatLigneInputSchema>;

const achatFields = {
  fournisseurId: idOf('du fournisseur'),
  /** Day of the delivery ('YYYY-MM-DD'). */
  date: isoDateSchema,
  referenceFournisseur: optionalText(80, 'La référence du fournisseur'),
  /** Due date of what is left unpaid, optional. */
  echeance: emptyToNull(isoDateSchema),
  frais: fraisAchatSchema.default({ transport: 0, douane: 0, manutention: 0 }),
  /** The supplier's discount on the whole document, spread over the lines by net amount. */
  remiseGlobale: remiseSchema.nullable().optional(),
  lignes: z
    .array(achatLigneInputSchema, { error: "Les lignes de l'achat sont obligatoires." })
    .min(1, 'Un achat compte au moins une ligne.')
    .max(500, 'Un achat ne peut pas dépasser 500 lignes.'),
  note: optionalText(500, 'La note'),
};

/** `POST …/achats` (owner): a draft; replaying the key answers the first draft. */
export const achatInputSchema = z
  .object({ cleIdempotence: cleIdempotenceSchema, ...achatFields })
  .meta({ id: 'AchatInput' });
export type AchatInput = z.input<typeof achatInputSchema>;
export type AchatData = z.output<typeof achatInputSchema>;

/** `PUT …/achats/:achatId` (owner): the whole draft again (idempotent by nature). */
export const achatUpdateSchema = z.object(achatFields).meta({ id: 'AchatUpdate' });
export type AchatUpdate = z.input<typeof achatUpdateSchema>;
export type AchatUpdateData = z.output<typeof achatUpdateSchema>;

/** `POST …/achats/:achatId/validation` (owner): payments made at once, the rest owed. */
export const achatValidationSchema = z
  .object({
    cleIdempotence: cleIdempotenceSchema,
    paiements: z
      .array(paiementInputSchema)
      .max(10, 'Un achat ne peut pas compter plus de 10 paiements.')
      .default([]),
  })
  .meta({ id: 'AchatValidation' });
export type AchatValidation = z.input<typeof achatValidationSchema>;
export type AchatValidationData = z.output<typeof achatValidationSchema>;

export const achatLigneSchema = z.object({
  id: z.number().int(),
  produitId: z.number().int(),
  nom: z.string(),
  uniteSymbole: z.string(),
  quantite: z.number().int(),
  prixUnitaire: z.number().int(),
  remise: remiseSchema.nullable(),
  /** prixUnitaire × quantite, rounded. */
  montantBrut: z.number().int(),
  remiseLigne: z.number().int(),
  /** Its share of the document's discount. */
  remiseGlobale: z.number().int(),
  /** montantBrut − both discounts. */
  montant: z.number().int(),
  /** Its share of the extra costs. */
  frais: z.number().int(),
  /** montant + frais: what the goods cost in stock. */
  coutRevient: z.number().int(),
  quantiteRetournee: z.number().int(),
  /** The product's CUMP before and after the validation (null on a draft). */
  cumpAvant: z.number().int().nullable(),
  cumpApres: z.number().int().nullable(),
});

export const fournisseurRef = z.object({
  id: z.number().int(),
  nom: z.string(),
  telephone: z.string().nullable(),
});

export const paiementAchatSchema = z.object({
  reglementId: z.number().int(),
  mode: z.enum(MODES_PAIEMENT),
  montant: z.number().int(),
  operateur: z.string().nullable(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});

export const retourAchatResumeSchema = z.object({
  id: z.number().int(),
  numero: z.string(),
  montant: z.number().int(),
  rembourse: z.number().int(),
  createdAt: z.string(),
});

export const achatSchema = z
  .object({
    id: z.number().int(),
    /** A-2026-000123, given at validation; null on a draft. */
    numero: z.string().nullable(),
    statut: z.enum(ACHAT_STATUTS),
    devise: z.string(),
    fournisseur: fournisseurRef,
    date: z.string(),
    referenceFournisseur: z.string().nullable(),
    echeance: z.string().nullable(),
    frais: z.object({
      transport: z.number().int(),
      douane: z.number().int(),
      manutention: z.number().int(),
    }),
    remiseGlobale: remiseSchema.nullable(),
    /** Goods before the discounts; totalRemises: line discounts and the document's. */
    totalBrut: z.number().int(),
    totalRemises: z.number().int(),
    /** Goods net of the discounts. */
    totalMarchandises: z.number().int(),
    totalFrais: z.number().int(),
    total: z.number().int(),
    montantPaye: z.number().int(),
    montantRetourne: z.number().int(),
    /** Part of the returns the supplier paid back (the rest reduced what was owed). */
    montantRembourse: z.number().int(),
    /** Still owed to the supplier on this purchase. */
    reste: z.number().int(),
    note: z.string().nullable(),
    user: personRef,
    createdAt: z.string(),
    validatedAt: z.string().nullable(),
    lignes: z.array(achatLigneSchema),
    paiements: z.array(paiementAchatSchema),
    retours: z.array(retourAchatResumeSchema),
    mouvements: z.array(
      mouvementSchema.extend({ produit: z.object({ id: z.number().int(), nom: z.string() }) }),
    ),
  })
  .meta({ id: 'Achat' });
export type Achat = z.infer<typeof achatSchema>;

export const achatListItemSchema = z
  .object({
    id: z.number().int(),
    numero: z.string().nullable(),
    statut: z.enum(ACHAT_STATUTS),
    fournisseur: z.object({ id: z.number().int(), nom: z.string() }),
    date: z.string(),
    referenceFournisseur: z.string().nullable(),
    echeance: z.string().nullable(),
    total: z.number().int(),
    montantPaye: z.number().int(),
    montantRetourne: z.number().int(),
    reste: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'AchatListItem' });
export type AchatListItem = z.infer<typeof achatListItemSchema>;

export const ACHAT_SORTS = ['date', 'numero', 'total'] as const;
/**
 * `GET …/achats`: newest first by default. `du`/`au`: days of the purchase (inclusive);
 * `fournisseurId`; `statut`; `q` (number or the supplier's reference).
 */
export const achatListQuerySchema = sortedListQuery(ACHAT_SORTS).extend({
  du: isoDateSchema.optional(),
  au: isoDateSchema.optional(),
  fournisseurId: idOf('du fournisseur').optional(),
  statut: z.enum(ACHAT_STATUTS, { error: "Statut d'achat inconnu." }).optional(),
});
export type AchatListQuery = z.infer<typeof achatListQuerySchema>;
export const achatExportQuerySchema = achatListQuerySchema.omit({ page: true, size: true });

export const achatPageSchema = pageOf(achatListItemSchema)
  .extend({
    totaux: z.object({
      nombre: z.number().int(),
      total: z.number().int(),
      montantPaye: z.number().int(),
      montantRetourne: z.number().int(),
      reste: z.number().int(),
    }),
  })
  .meta({ id: 'AchatPage' });
export type AchatPage = z.infer<typeof achatPageSchema>;

/**
 * `POST …/achats/reapprovisionnement` (owner): one draft for a supplier with every active product
 * under its alert threshold, quantity up to the threshold plus `couverture` (thousandths), at its
 * last cost.
 */
export const reapprovisionnementSchema = z
  .object({
    cleIdempotence: cleIdempotenceSchema,
    fournisseurId: idOf('du fournisseur'),
    date: isoDateSchema,
    couverture: z
      .number({ error: 'La couverture doit être un nombre.' })
      .int('La couverture est exprimée en millièmes (1,5 kg = 1500) : un nombre entier.')
      .min(0, 'La couverture ne peut pas être négative.')
      .max(1e9, 'La couverture est trop grande.')
      .default(0),
  })
  .meta({ id: 'Reapprovisionnement' });
export type Reapprovisionnement = z.input<typeof reapprovisionnementSchema>;
export type ReapprovisionnementData = z.output<typeof reapprovisionnementSchema>;
