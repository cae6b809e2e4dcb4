import { z } from 'zod';
import { emptyToNull, idOf, isoDateSchema, optionalText, sortedListQuery } from './fields.js';
import { pageOf } from './list.js';
import { mouvementSchema } from './stock.js';

/**
 * Sales (`/api/services/:serviceId/ventes`) and their returns (product.md §2). Money in the
 * currency's minor unit, quantities in thousandths, rates and percentage discounts in basis points.
 * Amounts are computed by `calculerVente` (vente-calcul.ts) on both sides; the server's figures
 * are the ones recorded.
 */

export const MODES_PAIEMENT = ['especes', 'mobile_money', 'carte', 'virement', 'cheque'] as const;
export type ModePaiement = (typeof MODES_PAIEMENT)[number];
export const MODE_PAIEMENT_LABELS: Record<ModePaiement, string> = {
  especes: 'Espèces',
  mobile_money: 'Mobile money',
  carte: 'Carte',
  virement: 'Virement',
  cheque: 'Chèque',
};
/** Suggestions for the mobile money operator (free text accepted). */
export const OPERATEURS_MOBILE = [
  'Orange Money',
  'Wave',
  'MTN MoMo',
  'Moov Money',
  'Free Money',
  'Airtel Money',
] as const;

export const VENTE_STATUTS = ['payee', 'partiellement_payee', 'a_credit', 'retournee'] as const;
export type VenteStatut = (typeof VENTE_STATUTS)[number];
export const VENTE_STATUT_LABELS: Record<VenteStatut, string> = {
  payee: 'Payée',
  partiellement_payee: 'Partiellement payée',
  a_credit: 'À crédit',
  retournee: 'Retournée',
};

export const REMISE_TYPES = ['montant', 'pourcent'] as const;

export const venteIdParamsSchema = z.object({ venteId: idOf('de la vente') });

const positiveMoney = (label: string) =>
  z
    .number({ error: `${label} doit être un nombre.` })
    .int(
      `${label} est un nombre entier dans la plus petite unité de la devise (centimes pour l'euro).`,
    )
    .positive(`${label} doit être supérieur à zéro.`)
    .max(1e13, `${label} est trop élevé.`);

/** A client-made key (e.g. a UUID) that makes a submission safe to retry. */
export const cleIdempotenceSchema = z
  .string({ error: "La clé d'idempotence est obligatoire." })
  .trim()
  .min(8, "La clé d'idempotence doit compter au moins 8 caractères.")
  .max(64, "La clé d'idempotence ne peut pas dépasser 64 caractères.")
  .regex(
    /^[A-Za-z0-9_-]+$/,
    "La clé d'idempotence ne peut contenir que des lettres, des chiffres, « - » et « _ ».",
  );

/** A discount: an amount in minor units, or a rate in basis points (10 % = 1000, at most 100 %). */
export const remiseSchema = z
  .object({
    type: z.enum(REMISE_TYPES, {
      error: 'Le type de remise doit être « montant » ou « pourcent ».',
    }),
    valeur: z
      .number({ error: 'La remise doit être un nombre.' })
      .int(
        'La remise est un nombre entier (plus petite unité de la devise, ou centièmes de pour cent).',
      )
      .min(0, 'La remise ne peut pas être négative.')
      .max(1e13, 'La remise est trop élevée.'),
  })
  .refine((r) => r.type !== 'pourcent' || r.valeur <= 10000, {
    message: 'Une remise ne peut pas dépasser 100 %.',
    path: ['valeur'],
  });
export type RemiseInput = z.infer<typeof remiseSchema>;

/**
 * One payment. `montant` is what is applied to the sale. For cash, `recu` is what the customer
 * handed over (at least `montant`); the change is `recu - montant`. Mobile money needs its
 * operator; the reference (transaction id, cheque number…) is optional.
 */
export const paiementInputSchema = z
  .object({
    mode: z.enum(MODES_PAIEMENT, { error: 'Mode de paiement inconnu.' }),
    montant: positiveMoney('Le montant du paiement'),
    recu: emptyToNull(positiveMoney('Le montant reçu')),
    operateur: optionalText(40, "L'opérateur"),
    reference: optionalText(80, 'La référence du paiement'),
  })
  .superRefine((p, ctx) => {
    if (p.mode === 'mobile_money' && !p.operateur)
      ctx.addIssue({
        code: 'custom',
        path: ['operateur'],
        message: "L'opérateur de mobile money est obligatoire.",
      });
    if (p.recu !== null && p.mode !== 'especes')
      ctx.addIssue({
        code: 'custom',
        path: ['recu'],
        message: 'Le montant reçu ne concerne que les espèces.',
      });
    if (p.recu !== null && p.recu < p.montant)
      ctx.addIssue({
        code: 'custom',
        path: ['recu'],
        message: 'Le montant reçu ne peut pas être inférieur au montant payé.',
      });
  });
export type PaiementInput = z.input<typeof paiementInputSchema>;

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
    /** Due date of the unpaid rest ('YYYY-MM-DD'), required when something is left unpaid. */
    echeance: emptyToNull(isoDateSchema),
    note: optionalText(500, 'La note'),
  })
  .meta({ id: 'VenteInput' });
export type VenteInput = z.input<typeof venteInputSchema>;
export type VenteData = z.output<typeof venteInputSchema>;

const personRef = z.object({ id: z.number().int(), prenom: z.string(), nom: z.string() });
const clientRef = z.object({
  id: z.number().int(),
  nom: z.string(),
  telephone: z.string().nullable(),
});

export const venteLigneSchema = z.object({
  id: z.number().int(),
  produitId: z.number().int(),
  /** Snapshots of the moment of the sale. */
  nom: z.string(),
  reference: z.string().nullable(),
  codeBarres: z.string().nullable(),
  uniteSymbole: z.string(),
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
 * `statut`, `q` (sale number or customer name).
 */
export const venteListQuerySchema = sortedListQuery(VENTE_SORTS).extend({
  du: isoDateSchema.optional(),
  au: isoDateSchema.optional(),
  vendeurId: idOf('du vendeur').optional(),
  clientId: idOf('du client').optional(),
  mode: z.enum(MODES_PAIEMENT, { error: 'Mode de paiement inconnu.' }).optional(),
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

/* ---------------------------------------------------------------- Returns */

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
