import { z } from 'zod';
import { booleanQuery, idOf, optionalText, sortedListQuery } from './fields.js';
import { pageOf } from './list.js';
import { cleIdempotenceSchema, MODES_PAIEMENT } from './document.js';
import { DETTE_STATUTS } from './ventes.js';

/**
 * Customer debts (docs/regles-metier.md): the unpaid rest of a sale, repaid by règlements in any
 * payment mode. Balances are derived from documents, never typed in. A return credited to the
 * customer (avoir) first settles their debts, oldest first; what is left stays as credit and
 * settles the next debt at its sale.
 */

export const detteSchema = z
  .object({
    id: z.number().int(),
    vente: z.object({
      id: z.number().int(),
      numero: z.string(),
      createdAt: z.string(),
      totalTtc: z.number().int(),
    }),
    montant: z.number().int(),
    paye: z.number().int(),
    reste: z.number().int(),
    echeance: z.string(),
    /** en_retard: something left after the due date; soldee: nothing left. */
    statut: z.enum(DETTE_STATUTS),
  })
  .meta({ id: 'Dette' });
export type Dette = z.infer<typeof detteSchema>;

/** A repayment, or the credit of a return (`mode: 'avoir'`, with its return). */
export const reglementSchema = z
  .object({
    id: z.number().int(),
    mode: z.enum([...MODES_PAIEMENT, 'avoir']),
    montant: z.number().int(),
    operateur: z.string().nullable(),
    reference: z.string().nullable(),
    retour: z.object({ id: z.number().int(), numero: z.string() }).nullable(),
    user: z.object({ id: z.number().int(), prenom: z.string(), nom: z.string() }),
    createdAt: z.string(),
    allocations: z.array(
      z.object({ detteId: z.number().int(), venteNumero: z.string(), montant: z.number().int() }),
    ),
  })
  .meta({ id: 'Reglement' });
export type Reglement = z.infer<typeof reglementSchema>;

/** `GET …/clients/:clientId/compte`: everything the customer page and the debts page show. */
export const compteClientSchema = z
  .object({
    client: z.object({
      id: z.number().int(),
      nom: z.string(),
      telephone: z.string().nullable(),
      plafondCredit: z.number().int().nullable(),
    }),
    /** Sum of what is left on their debts. */
    encours: z.number().int(),
    /** Part of it past its due date. */
    enRetard: z.number().int(),
    /** Credit from returns not yet used. */
    avoir: z.number().int(),
    nombreVentes: z.number().int(),
    /** TTC total of their sales, minus returns. */
    totalAchats: z.number().int(),
    dettes: z.array(detteSchema),
    reglements: z.array(reglementSchema),
  })
  .meta({ id: 'CompteClient' });
export type CompteClient = z.infer<typeof compteClientSchema>;

/**
 * `POST …/clients/:clientId/reglements` (owner): allocated to `detteId` when given, else to the
 * oldest debts first. More than what is owed is refused.
 */
export const reglementInputSchema = z
  .object({
    cleIdempotence: cleIdempotenceSchema,
    montant: z
      .number({ error: 'Le montant doit être un nombre.' })
      .int(
        "Le montant est un nombre entier dans la plus petite unité de la devise (centimes pour l'euro).",
      )
      .positive('Le montant doit être supérieur à zéro.')
      .max(1e13, 'Le montant est trop élevé.'),
    mode: z.enum(MODES_PAIEMENT, { error: 'Mode de paiement inconnu.' }),
    operateur: optionalText(40, "L'opérateur"),
    reference: optionalText(80, 'La référence du paiement'),
    detteId: idOf('de la dette').nullable().optional(),
    /** The register the money is received on: its session must be open (caisses). */
    caisseId: idOf('de la caisse').optional(),
  })
  .superRefine((p, ctx) => {
    if (p.mode === 'mobile_money' && !p.operateur)
      ctx.addIssue({
        code: 'custom',
        path: ['operateur'],
        message: "L'opérateur de mobile money est obligatoire.",
      });
  })
  .meta({ id: 'ReglementInput' });
export type ReglementInput = z.input<typeof reglementInputSchema>;
export type ReglementData = z.output<typeof reglementInputSchema>;

export const detteClientItemSchema = z
  .object({
    client: z.object({ id: z.number().int(), nom: z.string(), telephone: z.string().nullable() }),
    encours: z.number().int(),
    enRetard: z.number().int(),
    nombreDettes: z.number().int(),
    /** Earliest due date among the debts with something left. */
    prochaineEcheance: z.string().nullable(),
  })
  .meta({ id: 'DetteClientItem' });
export type DetteClientItem = z.infer<typeof detteClientItemSchema>;

export const DETTE_CLIENT_SORTS = ['encours', 'en_retard', 'nom', 'echeance'] as const;
/**
 * `GET …/dettes` (owner): one row per customer with something owed; q (name or phone),
 * `enRetard=true` keeps those with an overdue amount. Totals cover the whole filtered set.
 */
export const detteClientListQuerySchema = sortedListQuery(DETTE_CLIENT_SORTS).extend({
  enRetard: booleanQuery.optional(),
});
export type DetteClientListQuery = z.infer<typeof detteClientListQuerySchema>;
export const detteClientPageSchema = pageOf(detteClientItemSchema)
  .extend({
    totaux: z.object({
      encours: z.number().int(),
      enRetard: z.number().int(),
      clients: z.number().int(),
    }),
  })
  .meta({ id: 'DetteClientPage' });
export type DetteClientPage = z.infer<typeof detteClientPageSchema>;
