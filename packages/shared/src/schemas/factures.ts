import { z } from 'zod';
import { emptyToNull, idOf, isoDateSchema, optionalText, sortedListQuery } from './fields.js';
import { cleIdempotenceSchema } from './document.js';
import { pageOf } from './list.js';
import { RETOUR_MODES, retourInputSchema } from './retours.js';

/**
 * Invoices (`/api/services/:serviceId/factures`) and their credit notes (avoirs): money in the
 * currency's minor unit, quantities in thousandths, rates in basis points. An invoice is a snapshot
 * of one or several sales of one customer, numbered F-AAAA-NNNNNN, never changed once issued; a
 * credit note AV-AAAA-NNNNNN takes back some of its lines, never more than invoiced.
 */

export const FACTURE_NATURES = ['biens', 'services', 'mixte'] as const;
export type FactureNature = (typeof FACTURE_NATURES)[number];
export const FACTURE_NATURE_LABELS: Record<FactureNature, string> = {
  biens: 'Livraison de biens',
  services: 'Prestation de services',
  mixte: 'Livraison de biens et prestation de services',
};

/** Derived from the sales' payments and debts (payment status kept on the invoice) and the shop's day: never typed. */
export const FACTURE_STATUTS = ['payee', 'partiellement_payee', 'impayee', 'en_retard'] as const;
export type FactureStatut = (typeof FACTURE_STATUTS)[number];
export const FACTURE_STATUT_LABELS: Record<FactureStatut, string> = {
  payee: 'Payée',
  partiellement_payee: 'Partiellement payée',
  impayee: 'Impayée',
  en_retard: 'En retard',
};

export const FACTURE_CREDITS = ['aucun', 'partiel', 'total'] as const;
export type FactureCredit = (typeof FACTURE_CREDITS)[number];
export const FACTURE_CREDIT_LABELS: Record<FactureCredit, string> = {
  aucun: '',
  partiel: 'Partiellement créditée',
  total: 'Entièrement créditée',
};

export const factureIdParamsSchema = z.object({ factureId: idOf('de la facture') });
export const avoirIdParamsSchema = z.object({ avoirId: idOf('de l’avoir') });

/**
 * `POST …/factures`: one sale, or several sales of one customer (« facture récapitulative »), none
 * invoiced yet. `clientId` names the customer of sales made without one (a walk-in customer who
 * asks for an invoice); the due date defaults to the latest due date of the sales' debts, else to
 * the shop's payment term.
 */
export const factureInputSchema = z
  .object({
    cleIdempotence: cleIdempotenceSchema,
    venteIds: z
      .array(idOf('de la vente'), { error: 'Choisissez les ventes à facturer.' })
      .min(1, 'Choisissez au moins une vente à facturer.')
      .max(500, 'Une facture ne peut pas regrouper plus de 500 ventes.'),
    clientId: emptyToNull(idOf('du client')),
    nature: z
      .enum(FACTURE_NATURES, {
        error: 'La nature de l’opération doit être « biens », « services » ou « mixte ».',
      })
      .default('biens'),
    echeance: emptyToNull(isoDateSchema),
    note: optionalText(500, 'La note'),
  })
  .meta({ id: 'FactureInput' });
export type FactureInput = z.input<typeof factureInputSchema>;
export type FactureData = z.output<typeof factureInputSchema>;

export const facturablesQuerySchema = z.object({
  clientId: idOf('du client'),
  du: isoDateSchema.optional(),
  au: isoDateSchema.optional(),
});
export type FacturablesQuery = z.infer<typeof facturablesQuerySchema>;

export const venteFacturableSchema = z
  .object({
    id: z.number().int(),
    numero: z.string(),
    createdAt: z.string(),
    totalTtc: z.number().int(),
    montantRetourne: z.number().int(),
  })
  .meta({ id: 'VenteFacturable' });
export type VenteFacturable = z.infer<typeof venteFacturableSchema>;

export const vendeurFactureSchema = z.object({
  nom: z.string(),
  adresse: z.string().nullable(),
  ville: z.string().nullable(),
  pays: z.string().nullable(),
  telephone: z.string().nullable(),
  email: z.string().nullable(),
  siret: z.string().nullable(),
  tvaIntracom: z.string().nullable(),
  rcs: z.string().nullable(),
  formeJuridique: z.string().nullable(),
  capital: z.number().int().nullable(),
  ninea: z.string().nullable(),
  rccm: z.string().nullable(),
  assujettiTva: z.boolean(),
  tauxPenalites: z.number().int().nullable(),
});
export type VendeurFacture = z.infer<typeof vendeurFactureSchema>;

export const factureLigneSchema = z.object({
  id: z.number().int(),
  venteId: z.number().int(),
  nom: z.string(),
  reference: z.string().nullable(),
  uniteSymbole: z.string(),
  quantite: z.number().int(),
  prixUnitaireHt: z.number().int(),
  tauxTva: z.number().int(),
  /** Line and global discounts borne by the line, HT. */
  remise: z.number().int(),
  montantHt: z.number().int(),
  montantTva: z.number().int(),
  montantTtc: z.number().int(),
  quantiteCreditee: z.number().int(),
});
export type FactureLigne = z.infer<typeof factureLigneSchema>;

const documentRef = z.object({
  id: z.number().int(),
  numero: z.string(),
  createdAt: z.string(),
  montantTtc: z.number().int(),
});

export const factureSchema = z
  .object({
    id: z.number().int(),
    numero: z.string(),
    createdAt: z.string(),
    devise: z.string(),
    nature: z.enum(FACTURE_NATURES),
    dateDebut: z.string(),
    dateFin: z.string(),
    echeance: z.string(),
    vendeur: vendeurFactureSchema,
    client: z.object({
      id: z.number().int(),
      nom: z.string(),
      adresse: z.string().nullable(),
      siren: z.string().nullable(),
      adresseLivraison: z.string().nullable(),
      tvaIntracom: z.string().nullable(),
      /** A business: the late-payment mentions (40 € recovery fee) apply. */
      professionnel: z.boolean(),
      email: z.string().nullable(),
    }),
    ventes: z.array(z.object({ id: z.number().int(), numero: z.string(), createdAt: z.string() })),
    lignes: z.array(factureLigneSchema),
    tva: z.array(
      z.object({
        tauxTva: z.number().int(),
        baseHt: z.number().int(),
        montantTva: z.number().int(),
      }),
    ),
    totalBrut: z.number().int(),
    totalRemises: z.number().int(),
    totalHt: z.number().int(),
    totalTva: z.number().int(),
    totalTtc: z.number().int(),
    montantAvoirs: z.number().int(),
    /** What the customer still owes on it: the sales' debts, less commercial credit notes. */
    reste: z.number().int(),
    statut: z.enum(FACTURE_STATUTS),
    credit: z.enum(FACTURE_CREDITS),
    avoirs: z.array(documentRef),
    note: z.string().nullable(),
  })
  .meta({ id: 'Facture' });
export type Facture = z.infer<typeof factureSchema>;

export const FACTURE_SORTS = ['numero', 'created_at', 'total_ttc', 'echeance'] as const;
export type FactureSort = (typeof FACTURE_SORTS)[number];

export const factureListQuerySchema = sortedListQuery(FACTURE_SORTS).extend({
  du: isoDateSchema.optional(),
  au: isoDateSchema.optional(),
  clientId: idOf('du client').optional(),
  statut: z.enum(FACTURE_STATUTS, { error: 'Statut de facture inconnu.' }).optional(),
  venteId: idOf('de la vente').optional(), // the invoice of one sale (its detail shows it)
});
export type FactureListQuery = z.infer<typeof factureListQuerySchema>;

export const factureListItemSchema = z
  .object({
    id: z.number().int(),
    numero: z.string(),
    createdAt: z.string(),
    echeance: z.string(),
    client: z.object({ id: z.number().int(), nom: z.string() }),
    totalHt: z.number().int(),
    totalTtc: z.number().int(),
    montantAvoirs: z.number().int(),
    reste: z.number().int(),
    statut: z.enum(FACTURE_STATUTS),
    credit: z.enum(FACTURE_CREDITS),
  })
  .meta({ id: 'FactureListItem' });
export type FactureListItem = z.infer<typeof factureListItemSchema>;

export const facturePageSchema = pageOf(factureListItemSchema)
  .extend({
    totaux: z.object({
      nombre: z.number().int(),
      totalHt: z.number().int(),
      totalTtc: z.number().int(),
      montantAvoirs: z.number().int(),
      reste: z.number().int(),
    }),
  })
  .meta({ id: 'FacturePage' });
export type FacturePage = z.infer<typeof facturePageSchema>;

/** `POST …/factures/:factureId/envoi`: to the customer's address, or to the one given. */
export const factureEnvoiInputSchema = z
  .object({
    email: emptyToNull(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(254, 'L’adresse e-mail est trop longue.')
        .pipe(z.email({ error: 'L’adresse e-mail n’est pas valide.' })),
    ),
  })
  .meta({ id: 'FactureEnvoiInput' });
export const factureEnvoiSchema = z.object({ envoyeA: z.string() }).meta({ id: 'FactureEnvoi' });

/**
 * `POST …/factures/:factureId/avoirs`: invoice lines and quantities. With `retour`, the goods come
 * back: a return of the sales (stock, debt, refund paid from the open register `caisseId`, or
 * customer credit; modules/retours) is made in the same transaction and linked.
 */
export const avoirInputSchema = z
  .object({
    cleIdempotence: cleIdempotenceSchema,
    lignes: z
      .array(
        z.object({
          ligneId: idOf('de la ligne de facture'),
          quantite: z
            .number({ error: 'La quantité doit être un nombre.' })
            .int('La quantité est exprimée en millièmes : un nombre entier.')
            .positive('La quantité doit être supérieure à zéro.')
            .max(1e9, 'La quantité est trop grande.'),
        }),
        { error: 'Choisissez les lignes de l’avoir.' },
      )
      .min(1, 'Choisissez au moins une ligne.')
      .max(500, 'Un avoir ne peut pas dépasser 500 lignes.'),
    retour: z
      .object({
        mode: z.enum(RETOUR_MODES, {
          error: 'Le mode de retour doit être « remboursement » ou « avoir ».',
        }),
        // As a return from the sales list (the same rules and messages).
        modeRemboursement: retourInputSchema.shape.modeRemboursement,
        caisseId: retourInputSchema.shape.caisseId,
      })
      .nullable()
      .optional(),
    motif: optionalText(255, 'Le motif'),
  })
  .meta({ id: 'AvoirInput' });
export type AvoirInput = z.input<typeof avoirInputSchema>;
export type AvoirData = z.output<typeof avoirInputSchema>;

export const avoirSchema = z
  .object({
    id: z.number().int(),
    numero: z.string(),
    createdAt: z.string(),
    facture: z.object({ id: z.number().int(), numero: z.string() }),
    lignes: z.array(
      z.object({
        ligneId: z.number().int(),
        nom: z.string(),
        quantite: z.number().int(),
        prixUnitaireHt: z.number().int(),
        tauxTva: z.number().int(),
        montantHt: z.number().int(),
        montantTva: z.number().int(),
        montantTtc: z.number().int(),
      }),
    ),
    retours: z.array(z.object({ id: z.number().int(), numero: z.string() })),
    montantHt: z.number().int(),
    montantTva: z.number().int(),
    montantTtc: z.number().int(),
    motif: z.string().nullable(),
  })
  .meta({ id: 'Avoir' });
export type Avoir = z.infer<typeof avoirSchema>;
