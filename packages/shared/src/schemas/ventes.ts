import { z } from 'zod';
import { emptyToNull, idOf, isoDateSchema, optionalText, sortedListQuery } from './fields.js';
import {
  MODES_PAIEMENT,
  cleIdempotenceSchema,
  paiementInputSchema,
  positiveMoney,
  remiseSchema,
} from './document.js';
import { pageOf } from './list.js';
import { mouvementSchema } from './stock.js';

/**
 * Sales (`/api/services/:serviceId/ventes`) and their returns (docs/regles-metier.md). Money in the
 * currency's minor unit, quantities in thousandths, rates and percentage discounts in basis points.
 * Amounts are computed by `calculerVente` (vente-calcul.ts) on both sides; the server's figures
 * are the ones recorded.
 */

export const VENTE_STATUTS = ['payee', 'partiellement_payee', 'a_credit', 'retournee'] as const;
export type VenteStatut = (typeof VENTE_STATUTS)[number];
export const VENTE_STATUT_LABELS: Record<VenteStatut, string> = {
  payee: 'Payée',
  partiellement_payee: 'Partiellement payée',
  a_credit: 'À crédit',
  retournee: 'Retournée',
};

export const venteIdParamsSchema = z.object({ venteId: idOf('de la vente') });

export const venteLigneInputSchema = z.object({
  produitId: idOf('du produit'),
  quantite: z
    .number({ error: 'La quantité doit être un nombre.' })
    .int('La quantité est exprimée en millièmes (1,5 kg = 1500) : un nombre entier.')
    .positive('La quantité doit être supérieure à zéro.')
    .max(1e9, 'La quantité est trop grande.'),
  remise: remiseSchema.nullable().optional(),
});
export type VenteLigneInput = z.input<typeof venteLigneInputSchema>;

/**
 * `POST …/ventes`: the cart as the cashier validated it. Unit prices, VAT rates and costs come
 * from the products (price of the sale type) at the moment of the sale. The unpaid rest becomes a
 * debt: it needs a customer and a due date, and respects the customer's credit limit.
 * Replaying the same `cleIdempotence` with the same body answers the first sale; with another
 * body: 409.
 */
export const venteInputSchema = z
  .object({
    cleIdempotence: cleIdempotenceSchema,
    typeVenteId: idOf('du type de vente'),
    clientId: emptyToNull(idOf('du client')),
    lignes: z
      .array(venteLigneInputSchema, { error: 'Les lignes de la vente sont obligatoires.' })
      .min(1, 'Une vente compte au moins une ligne.')
      .max(500, 'Une vente ne peut pas dépasser 500 lignes.'),
    remiseGlobale: remiseSchema.nullable().optional(),
    paiements: z
      .array(paiementInputSchema)
      .max(10, 'Une vente ne peut pas compter plus de 10 paiements.')
      .default([]),
    /**
     * Part of the total paid by the customer's available credit (returns credited to them), at
     * most that credit and what the payments leave due; needs the customer. Without it, the
     * credit stays available.
     */
    avoir: positiveMoney("L'avoir utilisé").optional(),
    /** Due date of the unpaid rest ('YYYY-MM-DD'), required when something is left unpaid. */
    echeance: emptyToNull(isoDateSchema),
    note: optionalText(500, 'La note'),
    /** The register that takes the sale's money: its session must be open (caisses). */
    caisseId: idOf('de la caisse').optional(),
    /**
     * Made at the register's till (the point of sale): numbered in the register's own series,
     * which the till continues offline. A back-office sale whose money a register takes keeps the
     * shop's series, so that it never takes a number the till may have given without the network.
     */
    auPointDeVente: z
      .boolean({ error: 'Indiquez si la vente est faite au point de vente.' })
      .optional(),
  })
  .refine((v) => !v.auPointDeVente || v.caisseId !== undefined, {
    path: ['caisseId'],
    error: 'Une vente faite au point de vente nomme sa caisse.',
  })
  .meta({ id: 'VenteInput' });
export type VenteInput = z.input<typeof venteInputSchema>;
export type VenteData = z.output<typeof venteInputSchema>;

export const personRef = z.object({ id: z.number().int(), prenom: z.string(), nom: z.string() });
const clientRef = z.object({
  id: z.number().int(),
  nom: z.string(),
  telephone: z.string().nullable(),
});

export const venteLigneSchema = z.object({
  id: z.number().int(),
  /** Null for a service line (a quote's free-text line, converted): no stock, no return. */
  produitId: z.number().int().nullable(),
  /** Snapshots of the moment of the sale. */
  nom: z.string(),
  reference: z.string().nullable(),
  codeBarres: z.string().nullable(),
  uniteSymbole: z.string(),
  /** The product's unit splits (kg, litre): a return may take part of a unit. */
  fractionnable: z.boolean(),
  quantite: z.number().int(),
  prixUnitaire: z.number().int(),
  tauxTva: z.number().int(),
  /** Cost price (CUMP) at the moment of the sale, for margins. */
  prixAchat: z.number().int(),
  remise: remiseSchema.nullable(),
  montantBrut: z.number().int(),
  remiseLigne: z.number().int(),
  remiseGlobale: z.number().int(),
  montantHt: z.number().int(),
  montantTva: z.number().int(),
  montantTtc: z.number().int(),
  quantiteRetournee: z.number().int(),
});
export type VenteLigne = z.infer<typeof venteLigneSchema>;

export const paiementSchema = z.object({
  id: z.number().int(),
  mode: z.enum(MODES_PAIEMENT),
  montant: z.number().int(),
  recu: z.number().int().nullable(),
  rendu: z.number().int(),
  operateur: z.string().nullable(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type Paiement = z.infer<typeof paiementSchema>;

export const DETTE_STATUTS = ['en_cours', 'soldee', 'en_retard'] as const;
export type DetteStatut = (typeof DETTE_STATUTS)[number];
export const DETTE_STATUT_LABELS: Record<DetteStatut, string> = {
  en_cours: 'En cours',
  soldee: 'Soldée',
  en_retard: 'En retard',
};

export const detteResumeSchema = z.object({
  id: z.number().int(),
  montant: z.number().int(),
  paye: z.number().int(),
  reste: z.number().int(),
  echeance: z.string(),
  statut: z.enum(DETTE_STATUTS),
});

export const retourResumeSchema = z.object({
  id: z.number().int(),
  numero: z.string(),
  montantTtc: z.number().int(),
  createdAt: z.string(),
});

export const tvaLigneSchema = z.object({
  tauxTva: z.number().int(),
  baseHt: z.number().int(),
  montantTva: z.number().int(),
  montantTtc: z.number().int(),
});

export const venteSchema = z
  .object({
    id: z.number().int(),
    /** V-2026-000123: per shop and year, without gaps. */
    numero: z.string(),
    createdAt: z.string(),
    devise: z.string(),
    typeVente: z.object({ id: z.number().int(), nom: z.string() }),
    client: clientRef.nullable(),
    vendeur: personRef,
    lignes: z.array(venteLigneSchema),
    remiseGlobale: remiseSchema.nullable(),
    totalBrut: z.number().int(),
    totalRemises: z.number().int(),
    montantRemiseGlobale: z.number().int(),
    totalHt: z.number().int(),
    totalTva: z.number().int(),
    totalTtc: z.number().int(),
    tva: z.array(tvaLigneSchema),
    paiements: z.array(paiementSchema),
    /** Part of the total paid at the sale by the customer's available credit (absent offline). */
    avoir: z.number().int().optional(),
    /** Paid at the counter plus repayments of its debt. */
    montantPaye: z.number().int(),
    /** Total of its returns (TTC). */
    montantRetourne: z.number().int(),
    /** Still owed on this sale. */
    reste: z.number().int(),
    rendu: z.number().int(),
    dette: detteResumeSchema.nullable(),
    retours: z.array(retourResumeSchema),
    statut: z.enum(VENTE_STATUTS),
    /** Receipts printed so far: every one after the first says « DUPLICATA ». */
    impressions: z.number().int(),
    note: z.string().nullable(),
  })
  .meta({ id: 'Vente' });
export type Vente = z.infer<typeof venteSchema>;

export const venteListItemSchema = z
  .object({
    id: z.number().int(),
    numero: z.string(),
    createdAt: z.string(),
    client: clientRef.nullable(),
    vendeur: personRef,
    typeVente: z.object({ id: z.number().int(), nom: z.string() }),
    nombreLignes: z.number().int(),
    totalTtc: z.number().int(),
    montantPaye: z.number().int(),
    montantRetourne: z.number().int(),
    reste: z.number().int(),
    modes: z.array(z.enum(MODES_PAIEMENT)),
    statut: z.enum(VENTE_STATUTS),
  })
  .meta({ id: 'VenteListItem' });
export type VenteListItem = z.infer<typeof venteListItemSchema>;

export const VENTE_SORTS = ['created_at', 'numero', 'total_ttc'] as const;
/**
 * `GET …/ventes`: newest first by default. `du`/`au`: calendar days (inclusive, shop's local
 * days as the client computes them), `vendeurId`, `clientId`, `mode` (a payment of that mode),
 * `operateur` (a payment by that mobile-money operator, of `mode` when given), `statut`, `q` (sale
 * number or customer name).
 */
export const venteListQuerySchema = sortedListQuery(VENTE_SORTS).extend({
  du: isoDateSchema.optional(),
  au: isoDateSchema.optional(),
  vendeurId: idOf('du vendeur').optional(),
  clientId: idOf('du client').optional(),
  mode: z.enum(MODES_PAIEMENT, { error: 'Mode de paiement inconnu.' }).optional(),
  operateur: z
    .string()
    .trim()
    .min(1, 'L’opérateur ne peut pas être vide.')
    .max(40, 'L’opérateur ne peut pas dépasser 40 caractères.')
    .optional(),
  statut: z.enum(VENTE_STATUTS, { error: 'Statut de vente inconnu.' }).optional(),
});
export type VenteListQuery = z.infer<typeof venteListQuerySchema>;

/** The page plus the totals of the whole filtered set (not just the page). */
export const ventePageSchema = pageOf(venteListItemSchema)
  .extend({
    totaux: z.object({
      nombre: z.number().int(),
      totalTtc: z.number().int(),
      montantPaye: z.number().int(),
      montantRetourne: z.number().int(),
      reste: z.number().int(),
      /**
       * With a `mode` or `operateur` filter: what the filtered sales were paid in that mode (by
       * that operator) only, without their payments in other modes; null without such a filter.
       */
      montantMode: z.number().int().nullable(),
    }),
  })
  .meta({ id: 'VentePage' });
export type VentePage = z.infer<typeof ventePageSchema>;

/** `GET …/ventes/export.csv`: the list's filters and sort, every matching sale. */
export const venteExportQuerySchema = venteListQuerySchema.omit({ page: true, size: true });

/** `GET …/ventes/:venteId/ticket.pdf?largeur=80|58`. */
export const ticketQuerySchema = z.object({
  largeur: z
    .enum(['80', '58'], { error: 'La largeur du ticket doit être 80 ou 58 (mm).' })
    .default('80'),
});

/** `POST …/ventes/:venteId/impressions`: records one printed receipt. */
export const impressionSchema = z
  .object({ impressions: z.number().int(), duplicata: z.boolean() })
  .meta({ id: 'Impression' });
export type Impression = z.infer<typeof impressionSchema>;

/** `GET …/ventes/:venteId/mouvements`: the stock movements of the sale and of its returns, with their product. */
export const venteMouvementSchema = mouvementSchema
  .extend({ produit: z.object({ id: z.number().int(), nom: z.string() }) })
  .meta({ id: 'VenteMouvement' });
export type VenteMouvement = z.infer<typeof venteMouvementSchema>;
