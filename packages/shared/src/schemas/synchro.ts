import { z } from 'zod';
import { cleIdempotenceSchema, paiementInputSchema, remiseSchema } from './document.js';
import {
  booleanQuery,
  emptyToNull,
  idOf,
  isoDateSchema,
  optionalText,
  requiredText,
} from './fields.js';
import { wholeNumber } from './integer.js';
import { partyPhoneSchema } from './parties.js';
import { TVA_RATE_MAX } from './services.js';
import { venteLigneInputSchema } from './ventes.js';

/**
 * The counter without the network (docs/regles-metier.md « Vente hors ligne »): each register has
 * its own gapless series (V-2026-C02-000123), issued by the till itself; the till queues its sales
 * and sends them in order to `POST …/caisses/:caisseId/synchro`; it keeps the shop's catalogue and
 * customers, refreshed by `GET …/catalogue/produits|clients?curseur=` (only what changed).
 */

/** Number of a register's sale: prefix, shop year, register code, sequence on six digits. */
export function numeroCaisse(prefixe: string, annee: number, code: string, sequence: number) {
  return `${prefixe}-${annee}-${code}-${String(sequence).padStart(6, '0')}`;
}

export const SEQUENCE_CAISSE_MAX = 999_999;

/** `GET …/caisses/:caisseId/synchro`: the register's series as the server last recorded it. */
export const serieCaisseSchema = z.object({
  caisseId: z.number().int(),
  /** C01, C02…: the register's code in its numbers. */
  code: z.string(),
  /** Prefix of the shop's sales (settings), e.g. V. */
  prefixe: z.string(),
  /** The shop's current year, and the last sequence of that year recorded for the register. */
  annee: z.number().int(),
  dernier: z.number().int(),
  /** Server time when answered: the till measures its own clock against it. */
  heureServeur: z.string(),
});
export type SerieCaisse = z.infer<typeof serieCaisseSchema>;

/** A customer the till created without the network; `cle` names it in its sales. */
export const clientHorsLigneSchema = z.object({
  cle: cleIdempotenceSchema,
  nom: requiredText(150, 'Le nom du client'),
  telephone: partyPhoneSchema,
});

const instantSchema = z
  .string({ error: "L'heure de la vente est obligatoire." })
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/,
    "L'heure de la vente doit être un instant ISO 8601 en UTC.",
  )
  .refine((v) => !Number.isNaN(Date.parse(v)), "Cette heure n'existe pas.");

/** A line as the till charged it: the sale keeps this name, unit price and VAT rate. */
export const ligneHorsLigneSchema = venteLigneInputSchema.extend({
  nom: requiredText(150, 'Le nom du produit'),
  uniteSymbole: requiredText(16, "Le symbole de l'unité"),
  prixUnitaire: z
    .number({ error: 'Le prix unitaire doit être un nombre.' })
    .int('Le prix unitaire est un nombre entier dans la plus petite unité de la devise.')
    .min(0, 'Le prix unitaire ne peut pas être négatif.')
    .max(1e13, 'Le prix unitaire est trop élevé.'),
  tauxTva: z
    .number({ error: 'Le taux de TVA doit être un nombre.' })
    .int('Le taux de TVA est exprimé en centièmes de pour cent (18 % = 1800).')
    .min(0, 'Le taux de TVA ne peut pas être négatif.')
    .max(TVA_RATE_MAX, 'Le taux de TVA ne peut pas dépasser 100 %.'),
});

/** A sale made by the till (with or without the network), numbered in the register's series. */
export const venteHorsLigneSchema = z.object({
  cleIdempotence: cleIdempotenceSchema,
  /** Sequence in the register's series of the shop year of `faiteLe`: 1, 2, 3… */
  sequence: z
    .number({ error: 'Le numéro de la vente doit être un nombre.' })
    .int('Le numéro de la vente doit être un nombre entier.')
    .min(1, 'Le numéro de la vente commence à 1.')
    .max(SEQUENCE_CAISSE_MAX, 'Le numéro de la vente est trop grand.'),
  /** When the till validated the sale (its clock, UTC). */
  faiteLe: instantSchema,
  typeVenteId: idOf('du type de vente'),
  clientId: emptyToNull(idOf('du client')),
  /** A customer created by the till (`clients` of the batch, or of an earlier one). */
  clientCle: emptyToNull(cleIdempotenceSchema),
  lignes: z
    .array(ligneHorsLigneSchema, { error: 'Les lignes de la vente sont obligatoires.' })
    .min(1, 'Une vente compte au moins une ligne.')
    .max(500, 'Une vente ne peut pas dépasser 500 lignes.'),
  remiseGlobale: remiseSchema.nullable().optional(),
  paiements: z
    .array(paiementInputSchema)
    .max(10, 'Une vente ne peut pas compter plus de 10 paiements.')
    .default([]),
  echeance: emptyToNull(isoDateSchema),
  note: optionalText(500, 'La note'),
});
export type VenteHorsLigne = z.output<typeof venteHorsLigneSchema>;
export type VenteHorsLigneInput = z.input<typeof venteHorsLigneSchema>;

/** `POST …/caisses/:caisseId/synchro`: customers created by the till, then its queued sales. */
export const synchroInputSchema = z
  .object({
    clients: z
      .array(clientHorsLigneSchema)
      .max(100, 'Un envoi ne peut pas compter plus de 100 clients.')
      .default([]),
    ventes: z
      .array(venteHorsLigneSchema, { error: 'Les ventes de l’envoi sont obligatoires.' })
      .max(100, 'Un envoi ne peut pas compter plus de 100 ventes.'),
  })
  .refine((b) => b.clients.length + b.ventes.length > 0, {
    message: 'Un envoi compte au moins un client ou une vente.',
    path: ['ventes'],
  })
  .meta({ id: 'SynchroInput' });
export type SynchroInput = z.input<typeof synchroInputSchema>;
export type SynchroData = z.output<typeof synchroInputSchema>;

export const STATUTS_SYNCHRO = [
  'enregistree',
  'deja_enregistree',
  'en_attente',
  'refusee',
] as const;
export type StatutSynchro = (typeof STATUTS_SYNCHRO)[number];

export const synchroResultSchema = z.object({
  clients: z.array(z.object({ cle: z.string(), clientId: z.number().int() })),
  ventes: z.array(
    z.object({
      cleIdempotence: z.string(),
      sequence: z.number().int(),
      /** enregistree (now), deja_enregistree (a replay), en_attente (an earlier number of the
       * register is missing: send it first), refusee (`message` says why). */
      statut: z.enum(STATUTS_SYNCHRO),
      numero: z.string().nullable(),
      venteId: z.number().int().nullable(),
      message: z.string().nullable(),
    }),
  ),
  serie: serieCaisseSchema,
});
export type SynchroResult = z.infer<typeof synchroResultSchema>;

/** `GET …/catalogue/produits|clients`: what changed after `curseur` (none: everything), paged. */
export const catalogueQuerySchema = z.object({
  curseur: z
    .string()
    // Ids of at most nine digits: PostgreSQL's integer columns stop at 2^31 − 1.
    .regex(/^[0-9TZ:.-]{0,32}\|\d{1,9}\|\d{1,9}$/, 'Le curseur de synchronisation est invalide.')
    .optional(),
  taille: wholeNumber('La taille de page doit être un nombre entier.')
    .pipe(
      z
        .number()
        .int('La taille de page doit être un nombre entier.')
        .min(1, 'La taille de page est au moins 1.')
        .max(5000, 'La taille de page ne peut pas dépasser 5 000.'),
    )
    .default(2000),
});
export type CatalogueQuery = z.output<typeof catalogueQuerySchema>;

export const produitCatalogueSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  reference: z.string().nullable(),
  codeBarres: z.string().nullable(),
  categorieId: z.number().int().nullable(),
  uniteSymbole: z.string(),
  uniteNom: z.string(),
  fractionnable: z.boolean(),
  /** Retail and wholesale prices: `prixSelonType` gives the price of every sale type. */
  prixVente: z.number().int(),
  prixGros: z.number().int().nullable(),
  tauxTva: z.number().int(),
  quantite: z.number().int(),
  actif: z.boolean(),
  updatedAt: z.string(),
});
export type ProduitCatalogue = z.infer<typeof produitCatalogueSchema>;

export const clientCatalogueSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  telephone: z.string().nullable(),
  plafondCredit: z.number().int().nullable(),
  actif: z.boolean(),
  updatedAt: z.string(),
});
export type ClientCatalogue = z.infer<typeof clientCatalogueSchema>;

const deltaOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** Ids deleted since the cursor. */
    supprimes: z.array(z.number().int()),
    /** Where the next call starts; `suite`: more is waiting right now. */
    curseur: z.string(),
    suite: z.boolean(),
  });
export const produitsDeltaSchema = deltaOf(produitCatalogueSchema);
export type ProduitsDelta = z.infer<typeof produitsDeltaSchema>;
export const clientsDeltaSchema = deltaOf(clientCatalogueSchema);
export type ClientsDelta = z.infer<typeof clientsDeltaSchema>;

export const ALERTE_TYPES = ['stock_negatif', 'prix_different', 'produit_supprime'] as const;
export type AlerteType = (typeof ALERTE_TYPES)[number];

/** What an offline sale left for the owner to see: stock under zero, another price charged. */
export const alerteHorsLigneSchema = z.object({
  id: z.number().int(),
  type: z.enum(ALERTE_TYPES),
  venteId: z.number().int(),
  venteNumero: z.string(),
  produitId: z.number().int().nullable(),
  produitNom: z.string(),
  /** stock_negatif: the quantity after the sale (thousandths). */
  quantite: z.number().int().nullable(),
  /** prix_different: the price charged and the catalogue's at arrival. */
  prixFacture: z.number().int().nullable(),
  prixCatalogue: z.number().int().nullable(),
  createdAt: z.string(),
  /** Marked as seen by the owner (it leaves the dashboard, stays on the product), or null. */
  vue: z
    .object({ le: z.string(), par: z.object({ prenom: z.string(), nom: z.string() }) })
    .nullable(),
});
export type AlerteHorsLigne = z.infer<typeof alerteHorsLigneSchema>;

export const alertesQuerySchema = z.object({
  produitId: idOf('du produit').optional(),
  /** Only the alerts nobody marked as seen (the dashboard's). */
  nonVues: booleanQuery.optional(),
});

export const alerteIdParamsSchema = z.object({ alerteId: idOf('de l’alerte') });
