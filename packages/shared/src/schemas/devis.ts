import { z } from 'zod';
import { emptyToNull, idOf, isoDateSchema, optionalText, sortedListQuery } from './fields.js';
import { cleIdempotenceSchema, paiementInputSchema, remiseSchema } from './document.js';
import { pageOf } from './list.js';
import { FACTURE_NATURES } from './factures.js';
import { personRef, tvaLigneSchema } from './ventes.js';

/**
 * Quotes (`/api/services/:serviceId/devis`, owner only; docs/regles-metier.md « Devis »). Money in
 * the currency's minor unit, quantities in thousandths, rates and percentage discounts in basis
 * points. Totals by `calculerVente`, the sale computation, on both sides.
 */

/** Stored states; « expire » is derived from the validity date and the shop's day, never stored. */
export const DEVIS_STATUTS = [
  'brouillon',
  'envoye',
  'accepte',
  'refuse',
  'expire',
  'converti',
] as const;
export type DevisStatut = (typeof DEVIS_STATUTS)[number];
export const DEVIS_STATUT_LABELS: Record<DevisStatut, string> = {
  brouillon: 'Brouillon',
  envoye: 'Envoyé',
  accepte: 'Accepté',
  refuse: 'Refusé',
  expire: 'Expiré',
  converti: 'Converti',
};

export const devisIdParamsSchema = z.object({ devisId: idOf('du devis') });

const quantiteSchema = z
  .number({ error: 'La quantité doit être un nombre.' })
  .int('La quantité est exprimée en millièmes (1,5 kg = 1500) : un nombre entier.')
  .positive('La quantité doit être supérieure à zéro.')
  .max(1e9, 'La quantité est trop grande.');

/**
 * A line: a product of the shop (`produitId`: its name, unit and VAT rate, the price of the sale
 * type), or free text for a service (`produitId` null: `designation`, `prixUnitaire` in the
 * shop's price mode — TTC or HT —, `tauxTva`, optional `uniteSymbole`).
 */
export const devisLigneInputSchema = z
  .object({
    produitId: emptyToNull(idOf('du produit')),
    designation: optionalText(150, 'La désignation'),
    prixUnitaire: emptyToNull(
      z
        .number({ error: 'Le prix unitaire doit être un nombre.' })
        .int('Le prix unitaire est un nombre entier dans la plus petite unité de la devise.')
        .min(0, 'Le prix unitaire ne peut pas être négatif.')
        .max(1e13, 'Le prix unitaire est trop élevé.'),
    ),
    tauxTva: emptyToNull(
      z
        .number({ error: 'Le taux de TVA doit être un nombre.' })
        .int('Le taux de TVA est en centièmes de pour cent (20 % = 2000).')
        .min(0, 'Le taux de TVA ne peut pas être négatif.')
        .max(10000, 'Le taux de TVA ne peut pas dépasser 100 %.'),
    ),
    uniteSymbole: optionalText(20, "L'unité"),
    quantite: quantiteSchema,
    remise: remiseSchema.nullable().optional(),
  })
  .superRefine((l, ctx) => {
    if (l.produitId !== null) return;
    const missing = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (!l.designation) missing('designation', 'La désignation de la prestation est obligatoire.');
    if (l.prixUnitaire === null)
      missing('prixUnitaire', 'Le prix unitaire de la prestation est obligatoire.');
    if (l.tauxTva === null) missing('tauxTva', 'Le taux de TVA de la prestation est obligatoire.');
  });
export type DevisLigneInput = z.input<typeof devisLigneInputSchema>;
export type DevisLigneData = z.output<typeof devisLigneInputSchema>;

const devisContenu = {
  clientId: idOf('du client'),
  typeVenteId: idOf('du type de vente'),
  /** Last day the quote holds ('YYYY-MM-DD', the shop's calendar). */
  dateValidite: isoDateSchema,
  lignes: z
    .array(devisLigneInputSchema, { error: 'Les lignes du devis sont obligatoires.' })
    .min(1, 'Un devis compte au moins une ligne.')
    .max(500, 'Un devis ne peut pas dépasser 500 lignes.'),
  remiseGlobale: remiseSchema.nullable().optional(),
  note: optionalText(1000, 'La note'),
  conditions: optionalText(2000, 'Les conditions'),
};

/** `POST …/devis`: a new draft. The same key with the same body answers the first quote. */
export const devisInputSchema = z
  .object({ cleIdempotence: cleIdempotenceSchema, ...devisContenu })
  .meta({ id: 'DevisInput' });
export type DevisInput = z.input<typeof devisInputSchema>;
export type DevisData = z.output<typeof devisInputSchema>;

/** `PUT …/devis/:devisId`: replaces a draft's content (a draft only). */
export const devisUpdateSchema = z.object(devisContenu).meta({ id: 'DevisUpdate' });
export type DevisUpdate = z.input<typeof devisUpdateSchema>;
export type DevisUpdateData = z.output<typeof devisUpdateSchema>;

/** `POST …/devis/:devisId/duplication`: a new draft with the same content. */
export const devisDuplicationSchema = z
  .object({ cleIdempotence: cleIdempotenceSchema, dateValidite: isoDateSchema.optional() })
  .meta({ id: 'DevisDuplication' });
export type DevisDuplication = z.input<typeof devisDuplicationSchema>;

/** `POST …/devis/:devisId/envoi`: e-mails the PDF to the customer, with an optional message. */
export const devisEnvoiSchema = z
  .object({ message: optionalText(2000, 'Le message') })
  .meta({ id: 'DevisEnvoi' });
export type DevisEnvoi = z.input<typeof devisEnvoiSchema>;

/**
 * « Convertir en vente et facturer »: the sale's invoice issued in the same transaction. The
 * nature defaults from the lines (products: goods, free-text lines: services, both: mixed); the
 * due date defaults to the sale's debt's, else the shop's payment term.
 */
export const devisFacturationSchema = z.object({
  nature: z
    .enum(FACTURE_NATURES, {
      error: 'La nature de l’opération doit être « biens », « services » ou « mixte ».',
    })
    .optional(),
  echeance: emptyToNull(isoDateSchema),
});

/**
 * `POST …/devis/:devisId/conversion`: the accepted quote becomes a sale, at the quoted prices,
 * with these payments; the unpaid rest is the customer's debt and needs a due date. With
 * `facture`, the sale's invoice is issued in the same transaction: if it cannot be, nothing is
 * written.
 */
export const devisConversionSchema = z
  .object({
    cleIdempotence: cleIdempotenceSchema,
    paiements: z
      .array(paiementInputSchema)
      .max(10, 'Une vente ne peut pas compter plus de 10 paiements.')
      .default([]),
    echeance: emptyToNull(isoDateSchema),
    facture: devisFacturationSchema.nullable().default(null),
  })
  .meta({ id: 'DevisConversion' });
export type DevisConversion = z.input<typeof devisConversionSchema>;
export type DevisConversionData = z.output<typeof devisConversionSchema>;

export const devisClientSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  adresse: z.string().nullable(),
  professionnel: z.boolean(),
  siren: z.string().nullable(),
  siret: z.string().nullable(),
  tvaIntracom: z.string().nullable(),
});

export const devisLigneSchema = z.object({
  id: z.number().int(),
  /** Null for a free-text line (service). */
  produitId: z.number().int().nullable(),
  designation: z.string(),
  reference: z.string().nullable(),
  uniteSymbole: z.string(),
  quantite: z.number().int(),
  prixUnitaire: z.number().int(),
  tauxTva: z.number().int(),
  remise: remiseSchema.nullable(),
  montantBrut: z.number().int(),
  remiseLigne: z.number().int(),
  remiseGlobale: z.number().int(),
  montantHt: z.number().int(),
  montantTva: z.number().int(),
  montantTtc: z.number().int(),
});
export type DevisLigne = z.infer<typeof devisLigneSchema>;

const venteRef = z.object({ id: z.number().int(), numero: z.string() });

export const devisSchema = z
  .object({
    id: z.number().int(),
    /** D-2026-000012 once it has left the draft state; null for a draft. */
    numero: z.string().nullable(),
    statut: z.enum(DEVIS_STATUTS),
    devise: z.string(),
    client: devisClientSchema,
    typeVente: z.object({ id: z.number().int(), nom: z.string() }),
    auteur: personRef,
    dateValidite: z.string(),
    lignes: z.array(devisLigneSchema),
    remiseGlobale: remiseSchema.nullable(),
    totalBrut: z.number().int(),
    totalRemises: z.number().int(),
    montantRemiseGlobale: z.number().int(),
    totalHt: z.number().int(),
    totalTva: z.number().int(),
    totalTtc: z.number().int(),
    tva: z.array(tvaLigneSchema),
    note: z.string().nullable(),
    conditions: z.string().nullable(),
    vente: venteRef.nullable(),
    /** The invoice of its sale, once there is one (« Convertir en vente et facturer »). */
    facture: venteRef.nullable(),
    envoyeAt: z.string().nullable(),
    decideAt: z.string().nullable(),
    convertiAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Devis' });
export type Devis = z.infer<typeof devisSchema>;

export const devisListItemSchema = z
  .object({
    id: z.number().int(),
    numero: z.string().nullable(),
    statut: z.enum(DEVIS_STATUTS),
    createdAt: z.string(),
    dateValidite: z.string(),
    client: z.object({ id: z.number().int(), nom: z.string() }),
    nombreLignes: z.number().int(),
    totalHt: z.number().int(),
    totalTtc: z.number().int(),
    vente: venteRef.nullable(),
  })
  .meta({ id: 'DevisListItem' });
export type DevisListItem = z.infer<typeof devisListItemSchema>;

export const DEVIS_SORTS = ['created_at', 'numero', 'total_ttc', 'date_validite'] as const;
/**
 * `GET …/devis`: newest first by default. `du`/`au`: the shop's calendar days of creation,
 * `clientId`, `statut` (« expire » included), `q` (number or customer name).
 */
export const devisListQuerySchema = sortedListQuery(DEVIS_SORTS).extend({
  du: isoDateSchema.optional(),
  au: isoDateSchema.optional(),
  clientId: idOf('du client').optional(),
  statut: z.enum(DEVIS_STATUTS, { error: 'Statut de devis inconnu.' }).optional(),
});
export type DevisListQuery = z.infer<typeof devisListQuerySchema>;

export const devisPageSchema = pageOf(devisListItemSchema)
  .extend({
    totaux: z.object({
      nombre: z.number().int(),
      totalHt: z.number().int(),
      totalTtc: z.number().int(),
    }),
  })
  .meta({ id: 'DevisPage' });
export type DevisPage = z.infer<typeof devisPageSchema>;
