import { z } from 'zod';
import { booleanQuery, idOf, optionalText, sortedListQuery } from './fields.js';
import { cleIdempotenceSchema, MODES_PAIEMENT } from './document.js';
import { pageOf } from './list.js';
import { personRef } from './ventes.js';
import { ACHAT_STATUTS, fournisseurRef } from './achats.js';

/**
 * What the shop owes its suppliers (docs/regles-metier.md « Dettes fournisseurs »): the unpaid
 * rest of validated purchases, reduced by returns to the supplier (their own numbered document,
 * RA-AAAA-NNNNNN) and by payments. Balances are derived from documents, never typed in.
 */

/** `POST …/achats/:achatId/retours` (owner): goods sent back to the supplier. */
export const retourAchatInputSchema = z
  .object({
    cleIdempotence: cleIdempotenceSchema,
    lignes: z
      .array(
        z.object({
          ligneId: idOf("de la ligne d'achat"),
          quantite: z
            .number({ error: 'La quantité doit être un nombre.' })
            .int('La quantité est exprimée en millièmes (1,5 kg = 1500) : un nombre entier.')
            .positive('La quantité doit être supérieure à zéro.')
            .max(1e9, 'La quantité est trop grande.'),
        }),
        { error: 'Les lignes du retour sont obligatoires.' },
      )
      .min(1, 'Un retour compte au moins une ligne.')
      .max(500, 'Un retour ne peut pas dépasser 500 lignes.'),
    /** How the supplier pays back what the return does not take off the debt. */
    modeRemboursement: z
      .enum(MODES_PAIEMENT, { error: 'Mode de remboursement inconnu.' })
      .nullable()
      .optional(),
    motif: optionalText(255, 'Le motif'),
  })
  .meta({ id: 'RetourAchatInput' });
export type RetourAchatInput = z.input<typeof retourAchatInputSchema>;
export type RetourAchatData = z.output<typeof retourAchatInputSchema>;

export const retourAchatSchema = z
  .object({
    id: z.number().int(),
    /** RA-2026-000004. */
    numero: z.string(),
    achat: z.object({ id: z.number().int(), numero: z.string() }),
    fournisseur: z.object({ id: z.number().int(), nom: z.string() }),
    montant: z.number().int(),
    /** Part taken off what the purchase still owed. */
    impute: z.number().int(),
    /** Part the supplier paid back. */
    rembourse: z.number().int(),
    modeRemboursement: z.enum(MODES_PAIEMENT).nullable(),
    motif: z.string().nullable(),
    lignes: z.array(
      z.object({
        ligneId: z.number().int(),
        produitId: z.number().int(),
        nom: z.string(),
        quantite: z.number().int(),
        montant: z.number().int(),
      }),
    ),
    user: personRef,
    createdAt: z.string(),
  })
  .meta({ id: 'RetourAchat' });
export type RetourAchat = z.infer<typeof retourAchatSchema>;

/** `POST …/fournisseurs/:fournisseurId/reglements` (owner): the chosen purchase, else oldest first. */
export const reglementFournisseurInputSchema = z
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
    achatId: idOf("de l'achat").nullable().optional(),
  })
  .superRefine((p, ctx) => {
    if (p.mode === 'mobile_money' && !p.operateur)
      ctx.addIssue({
        code: 'custom',
        path: ['operateur'],
        message: "L'opérateur de mobile money est obligatoire.",
      });
  })
  .meta({ id: 'ReglementFournisseurInput' });
export type ReglementFournisseurInput = z.input<typeof reglementFournisseurInputSchema>;
export type ReglementFournisseurData = z.output<typeof reglementFournisseurInputSchema>;

export const reglementFournisseurSchema = z
  .object({
    id: z.number().int(),
    mode: z.enum(MODES_PAIEMENT),
    montant: z.number().int(),
    operateur: z.string().nullable(),
    reference: z.string().nullable(),
    user: personRef,
    createdAt: z.string(),
    allocations: z.array(
      z.object({ achatId: z.number().int(), achatNumero: z.string(), montant: z.number().int() }),
    ),
  })
  .meta({ id: 'ReglementFournisseur' });
export type ReglementFournisseur = z.infer<typeof reglementFournisseurSchema>;

/** A validated purchase as the supplier's account lists it. */
export const achatDuSchema = z.object({
  id: z.number().int(),
  numero: z.string(),
  date: z.string(),
  echeance: z.string().nullable(),
  total: z.number().int(),
  montantPaye: z.number().int(),
  montantRetourne: z.number().int(),
  reste: z.number().int(),
  statut: z.enum(ACHAT_STATUTS),
  enRetard: z.boolean(),
});
export type AchatDu = z.infer<typeof achatDuSchema>;

/** `GET …/fournisseurs/:fournisseurId/compte`: the balance, purchases, payments and returns. */
export const compteFournisseurSchema = z
  .object({
    fournisseur: fournisseurRef,
    /** Validated purchases − returns − payments (+ refunds received). */
    solde: z.number().int(),
    /** Part of it past its due date. */
    enRetard: z.number().int(),
    nombreAchats: z.number().int(),
    totalAchats: z.number().int(),
    achats: z.array(achatDuSchema),
    reglements: z.array(reglementFournisseurSchema),
    retours: z.array(retourAchatSchema),
  })
  .meta({ id: 'CompteFournisseur' });
export type CompteFournisseur = z.infer<typeof compteFournisseurSchema>;

export const detteFournisseurItemSchema = z
  .object({
    fournisseur: z.object({
      id: z.number().int(),
      nom: z.string(),
      telephone: z.string().nullable(),
    }),
    solde: z.number().int(),
    enRetard: z.number().int(),
    nombreAchats: z.number().int(),
    prochaineEcheance: z.string().nullable(),
  })
  .meta({ id: 'DetteFournisseurItem' });
export type DetteFournisseurItem = z.infer<typeof detteFournisseurItemSchema>;

export const DETTE_FOURNISSEUR_SORTS = ['solde', 'nom', 'echeance'] as const;
/** `GET …/dettes-fournisseurs` (owner): one row per supplier owed something. */
export const detteFournisseurListQuerySchema = sortedListQuery(DETTE_FOURNISSEUR_SORTS).extend({
  enRetard: booleanQuery.optional(),
});
export type DetteFournisseurListQuery = z.infer<typeof detteFournisseurListQuerySchema>;
export const detteFournisseurPageSchema = pageOf(detteFournisseurItemSchema)
  .extend({
    totaux: z.object({
      solde: z.number().int(),
      enRetard: z.number().int(),
      fournisseurs: z.number().int(),
    }),
  })
  .meta({ id: 'DetteFournisseurPage' });
export type DetteFournisseurPage = z.infer<typeof detteFournisseurPageSchema>;
