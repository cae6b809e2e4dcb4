import { z } from 'zod';
import { isoDateSchema } from './fields.js';
import { MODES_PAIEMENT } from './document.js';
import { PERIODE_MAX_JOURS, PERIODES, nombreJours } from '../tableau/periode.js';

/**
 * Dashboards (`/api/services/:serviceId/tableau`, `/api/tableau`, `/api/tableau/admin`). Money in
 * the currency's minor unit, never added across currencies; quantities in thousandths; days are
 * the shop's calendar days. Revenue counts the sales made in the period; returns count the returns
 * made in the period; the gross margin is (revenue HT − returns HT) − (cost of the lines sold − cost
 * of the quantities returned), costs from the cost price copied on each sale line.
 */

const int = () => z.number().int();

/** `?periode=…&du=…&au=…` (`du`/`au` for « personnalisée » only, at most three years). */
export const periodeQuerySchema = z
  .object({
    periode: z
      .enum(PERIODES, {
        error: 'La période doit être aujourdhui, 7j, 30j, mois ou personnalisee.',
      })
      .default('aujourdhui'),
    du: isoDateSchema.optional(),
    au: isoDateSchema.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.periode !== 'personnalisee') return;
    if (!q.du || !q.au) {
      ctx.addIssue({
        code: 'custom',
        path: [q.du ? 'au' : 'du'],
        message: 'Une période personnalisée a une date de début et une date de fin.',
      });
      return;
    }
    if (q.du > q.au)
      ctx.addIssue({
        code: 'custom',
        path: ['au'],
        message: 'La date de fin ne peut pas précéder la date de début.',
      });
    else if (nombreJours({ du: q.du, au: q.au }) > PERIODE_MAX_JOURS)
      ctx.addIssue({
        code: 'custom',
        path: ['au'],
        message: `Une période ne peut pas dépasser ${PERIODE_MAX_JOURS} jours.`,
      });
  });
export type PeriodeQuery = z.infer<typeof periodeQuerySchema>;

export const joursSchema = z.object({ du: z.string(), au: z.string() });

const depensesPeriodeSchema = z.object({ nombre: int(), montant: int() });

/** The headline figures of a period. */
export const tableauTotauxSchema = z.object({
  nombreVentes: int(),
  caTtc: int(),
  caHt: int(),
  coutVentes: int(),
  nombreRetours: int(),
  retoursTtc: int(),
  retoursHt: int(),
  coutRetours: int(),
  margeBrute: int(),
  /** caTtc / nombreVentes, rounded; 0 without sales. */
  panierMoyen: int(),
});
export type TableauTotaux = z.infer<typeof tableauTotauxSchema>;

export const tableauFiguresSchema = z.object({
  totaux: tableauTotauxSchema,
  totauxPrecedents: tableauTotauxSchema,
  paiements: z.array(
    z.object({
      mode: z.enum(MODES_PAIEMENT),
      operateur: z.string().nullable(),
      nombre: int(),
      montant: int(),
    }),
  ),
  /** Customer debts now (not of the period): outstanding and overdue (due before today). */
  dettes: z.object({ encours: int(), nombre: int(), enRetard: int(), nombreEnRetard: int() }),
  /** Active products under their alert threshold (quantity above 0) and out of stock (≤ 0). */
  stock: z.object({ sousSeuil: int(), rupture: int() }),
  /**
   * What the shop owes its suppliers now (not of the period): the rest of its validated purchases,
   * the overdue part (due before today), the suppliers owed; the totals of `…/dettes-fournisseurs`.
   */
  fournisseurs: z.object({ solde: int(), enRetard: int(), fournisseurs: int() }),
  /** Live expenses dated in the period and in the period compared with (`…/depenses` totals). */
  depenses: depensesPeriodeSchema.extend({ precedent: depensesPeriodeSchema }),
  topProduits: z.array(
    z.object({
      produitId: int(),
      nom: z.string(),
      boutique: z.string(),
      quantite: int(),
      caTtc: int(),
      marge: int(),
    }),
  ),
  topCategories: z.array(
    z.object({ categorieId: int().nullable(), nom: z.string(), caTtc: int(), marge: int() }),
  ),
  vendeurs: z.array(
    z.object({ userId: int(), prenom: z.string(), nom: z.string(), nombre: int(), caTtc: int() }),
  ),
  /** Every day of the period, zeros included. */
  parJour: z.array(
    z.object({ jour: z.string(), nombre: int(), caTtc: int(), caHt: int(), marge: int() }),
  ),
  /** The 24 hours of the day (shop's clock): sales of the period by hour. */
  parHeure: z.array(z.object({ heure: int(), nombre: int(), caTtc: int() })),
});
export type TableauFigures = z.infer<typeof tableauFiguresSchema>;

/** `GET /api/services/:serviceId/tableau`: the owner's dashboard of one shop. */
export const tableauBoutiqueSchema = tableauFiguresSchema
  .extend({
    service: z.object({ id: int(), nom: z.string(), devise: z.string() }),
    periode: joursSchema,
    precedente: joursSchema,
  })
  .meta({ id: 'TableauBoutique' });
export type TableauBoutique = z.infer<typeof tableauBoutiqueSchema>;

/** `GET /api/tableau`: « Toutes mes boutiques », one block per currency. */
export const tableauProprietaireSchema = z
  .object({
    devises: z.array(
      tableauFiguresSchema.extend({
        devise: z.string(),
        boutiques: z.array(
          z.object({ id: int(), nom: z.string(), periode: joursSchema, precedente: joursSchema }),
        ),
      }),
    ),
  })
  .meta({ id: 'TableauProprietaire' });
export type TableauProprietaire = z.infer<typeof tableauProprietaireSchema>;

const gerantPeriodeSchema = joursSchema.extend({
  nombreVentes: int(),
  caTtc: int(),
  panierMoyen: int(),
  mesVentes: z.object({ nombre: int(), caTtc: int() }),
  /** Repayments of customer debts received in the period (credits of returns excluded). */
  reglements: z.object({ nombre: int(), montant: int() }),
  /** Expenses dated in the period (the manager records them). */
  depenses: depensesPeriodeSchema,
});

/** `GET /api/services/:serviceId/tableau/gerant`: the manager's day and week. */
export const tableauGerantSchema = z
  .object({
    service: z.object({ id: int(), nom: z.string(), devise: z.string() }),
    aujourdhui: gerantPeriodeSchema,
    semaine: gerantPeriodeSchema,
    stock: z.object({ sousSeuil: int(), rupture: int() }),
  })
  .meta({ id: 'TableauGerant' });
export type TableauGerant = z.infer<typeof tableauGerantSchema>;

/** `GET /api/tableau/admin`: the platform. */
export const tableauAdminSchema = z
  .object({
    proprietaires: int(),
    boutiques: int(),
    utilisateurs: int(),
    /** Owners by the state of their subscriptions today (UTC day). */
    abonnements: z.object({ actifs: int(), expirantSous30Jours: int(), expires: int() }),
    /** Amounts paid for subscriptions by month of start, last 12 months, per currency. */
    revenusParMois: z.array(z.object({ mois: z.string(), devise: z.string(), montant: int() })),
    /** Active shops without a sale for 30 days. */
    boutiquesSansVente: z.array(
      z.object({
        id: int(),
        nom: z.string(),
        proprietaire: z.string(),
        derniereVente: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'TableauAdmin' });
export type TableauAdmin = z.infer<typeof tableauAdminSchema>;
