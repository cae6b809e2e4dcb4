import { z } from 'zod';
import {
  booleanQuery,
  idOf,
  isoDateSchema,
  optionalText,
  requiredText,
  sortedListQuery,
} from './fields.js';
import { pageOf } from './list.js';
import { wholeNumber } from './integer.js';
import { CURRENCY_CODES } from './services.js';

/** Plans (formules) and owners' subscriptions (`/api/abonnements…`), kept by the admin. */

export const PAYMENT_MODES = ['especes', 'mobile_money', 'carte', 'virement', 'cheque'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  especes: 'Espèces',
  mobile_money: 'Mobile money',
  carte: 'Carte',
  virement: 'Virement',
  cheque: 'Chèque',
};

/**
 * Status, derived from the dates and the suspension, never stored: `suspendue` when suspended,
 * `expiree` once the end date is past, `a_venir` before the start date, otherwise `active`.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'a_venir', 'expiree', 'suspendue'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  a_venir: 'À venir',
  expiree: 'Expirée',
  suspendue: 'Suspendue',
};

/** The status of a subscription on `today` ('YYYY-MM-DD'); dates are 'YYYY-MM-DD', end included. */
export function subscriptionStatus(
  s: { dateDebut: string; dateFin: string; suspendu: boolean },
  today: string,
): SubscriptionStatus {
  if (s.suspendu) return 'suspendue';
  if (s.dateFin < today) return 'expiree';
  if (s.dateDebut > today) return 'a_venir';
  return 'active';
}

/**
 * Last day of a period of `months` months from `dateDebut` (both 'YYYY-MM-DD', end included):
 * the day before the same day `months` later (01/01 + 12 → 31/12), or the last day of that month
 * when it has no such day (31/01 + 1 → 28/02).
 */
export function periodEnd(dateDebut: string, months: number): string {
  const [y, m, d] = dateDebut.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  const end =
    d > lastDay
      ? new Date(Date.UTC(y, m - 1 + months, lastDay))
      : new Date(Date.UTC(y, m - 1 + months, d - 1));
  return end.toISOString().slice(0, 10);
}

export const planIdParamsSchema = z.object({ planId: idOf('de la formule') });
export const abonnementIdParamsSchema = z.object({ abonnementId: idOf("de l'abonnement") });

const money = (label: string) =>
  z
    .number({ error: `${label} doit être un nombre.` })
    .int(`${label} est un entier dans la plus petite unité de la devise (centimes pour l'euro).`)
    .min(0, `${label} ne peut pas être négatif.`)
    .max(1_000_000_000_000, `${label} est trop élevé.`);

const count = (label: string) =>
  z
    .number({ error: `${label} doit être un nombre.` })
    .int(`${label} doit être un nombre entier.`)
    .min(1, `${label} doit valoir au moins 1.`)
    .max(100_000, `${label} est trop élevé.`);

const devise = z.enum(CURRENCY_CODES, { error: 'Choisissez une devise de la liste.' });

/** `POST /api/abonnements/plans` and `PUT /api/abonnements/plans/:planId`. `prix` in minor units. */
export const planInputSchema = z
  .object({
    nom: requiredText(100, 'Le nom de la formule'),
    dureeMois: z
      .number({ error: 'La durée doit être un nombre de mois.' })
      .int('La durée doit être un nombre entier de mois.')
      .min(1, 'La durée doit être d’au moins un mois.')
      .max(120, 'La durée ne peut pas dépasser 120 mois.'),
    prix: money('Le prix'),
    devise,
    maxServices: count('Le nombre maximum de boutiques'),
    /** Accounts of the owner's team, the owner included. */
    maxUsers: count("Le nombre maximum d'utilisateurs"),
  })
  .meta({ id: 'PlanInput' });
export type PlanInput = z.input<typeof planInputSchema>;
export type PlanData = z.output<typeof planInputSchema>;

export const planSchema = z
  .object({
    id: z.number().int(),
    nom: z.string(),
    dureeMois: z.number().int(),
    prix: z.number().int(),
    devise: z.string(),
    maxServices: z.number().int(),
    maxUsers: z.number().int(),
    retire: z.boolean(),
    /** Number of subscriptions on this plan (a plan in use cannot be deleted, only retired). */
    abonnements: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planSchema>;

export const PLAN_SORTS = ['nom', 'prix', 'duree_mois', 'created_at'] as const;
/** `GET /api/abonnements/plans`: page, size, sort, q (nom), retire. */
export const planListQuerySchema = sortedListQuery(PLAN_SORTS).extend({
  retire: booleanQuery.optional(),
});
export type PlanListQuery = z.infer<typeof planListQuerySchema>;
export const planPageSchema = pageOf(planSchema).meta({ id: 'PlanPage' });
export type PlanPage = z.infer<typeof planPageSchema>;

const dateFinAfterDebut = (v: { dateDebut?: string | undefined; dateFin?: string | undefined }) =>
  !v.dateDebut || !v.dateFin || v.dateFin >= v.dateDebut;
const dateFinIssue = {
  message: 'La date de fin ne peut pas précéder la date de début.',
  path: ['dateFin'],
};

/**
 * `POST /api/abonnements`. `dateDebut` defaults to today, `dateFin` to the last day of the plan's
 * duration, `montantPaye` and `devise` to the plan's price and currency.
 */
export const abonnementCreateSchema = z
  .object({
    ownerId: idOf('du propriétaire'),
    planId: idOf('de la formule'),
    dateDebut: isoDateSchema.optional(),
    dateFin: isoDateSchema.optional(),
    montantPaye: money('Le montant payé').optional(),
    devise: devise.optional(),
    modePaiement: z.enum(PAYMENT_MODES, { error: 'Choisissez un mode de paiement de la liste.' }),
    reference: optionalText(100, 'La référence du paiement'),
  })
  .refine(dateFinAfterDebut, dateFinIssue)
  .meta({ id: 'AbonnementCreate' });
export type AbonnementCreate = z.input<typeof abonnementCreateSchema>;
export type AbonnementCreateData = z.output<typeof abonnementCreateSchema>;

/** `PUT /api/abonnements/:abonnementId`: every field but the owner. */
export const abonnementUpdateSchema = z
  .object({
    planId: idOf('de la formule'),
    dateDebut: isoDateSchema,
    dateFin: isoDateSchema,
    montantPaye: money('Le montant payé'),
    devise,
    modePaiement: z.enum(PAYMENT_MODES, { error: 'Choisissez un mode de paiement de la liste.' }),
    reference: optionalText(100, 'La référence du paiement'),
  })
  .refine(dateFinAfterDebut, dateFinIssue)
  .meta({ id: 'AbonnementUpdate' });
export type AbonnementUpdate = z.input<typeof abonnementUpdateSchema>;
export type AbonnementUpdateData = z.output<typeof abonnementUpdateSchema>;

/**
 * `POST /api/abonnements/:abonnementId/renouveler`: a new period from the day after this one ends
 * (or from today if it ended before), same plan unless `planId` is given.
 */
export const abonnementRenewSchema = z
  .object({
    planId: idOf('de la formule').optional(),
    montantPaye: money('Le montant payé').optional(),
    devise: devise.optional(),
    modePaiement: z.enum(PAYMENT_MODES, { error: 'Choisissez un mode de paiement de la liste.' }),
    reference: optionalText(100, 'La référence du paiement'),
  })
  .meta({ id: 'AbonnementRenew' });
export type AbonnementRenew = z.input<typeof abonnementRenewSchema>;
export type AbonnementRenewData = z.output<typeof abonnementRenewSchema>;

export const abonnementSchema = z
  .object({
    id: z.number().int(),
    owner: z.object({
      id: z.number().int(),
      prenom: z.string(),
      nom: z.string(),
      email: z.string(),
    }),
    plan: z.object({ id: z.number().int(), nom: z.string(), retire: z.boolean() }),
    dateDebut: z.string(),
    dateFin: z.string(),
    montantPaye: z.number().int(),
    devise: z.string(),
    modePaiement: z.enum(PAYMENT_MODES),
    reference: z.string().nullable(),
    suspendu: z.boolean(),
    statut: z.enum(SUBSCRIPTION_STATUSES),
    createdAt: z.string(),
    createdBy: z.number().int().nullable(),
  })
  .meta({ id: 'Abonnement' });
export type Abonnement = z.infer<typeof abonnementSchema>;

export const ABONNEMENT_SORTS = ['date_debut', 'date_fin', 'created_at'] as const;
/**
 * `GET /api/abonnements`: page, size, sort (default date_fin,asc), q (owner's e-mail or name),
 * ownerId, statut, expirant (active ones ending within that many days, e.g. 30).
 */
export const abonnementListQuerySchema = sortedListQuery(ABONNEMENT_SORTS).extend({
  ownerId: idOf('du propriétaire').optional(),
  statut: z
    .enum(SUBSCRIPTION_STATUSES, {
      error: 'Le statut doit être active, a_venir, expiree ou suspendue.',
    })
    .optional(),
  expirant: wholeNumber('Le nombre de jours doit être un nombre entier.')
    .pipe(
      z
        .number()
        .int('Le nombre de jours doit être un nombre entier.')
        .min(0, 'Le nombre de jours ne peut pas être négatif.')
        .max(366, 'Le nombre de jours ne peut pas dépasser 366.'),
    )
    .optional(),
});
export type AbonnementListQuery = z.infer<typeof abonnementListQuerySchema>;
export const abonnementPageSchema = pageOf(abonnementSchema).meta({ id: 'AbonnementPage' });
export type AbonnementPage = z.infer<typeof abonnementPageSchema>;

/** `GET /api/abonnements/courant?serviceId=`: what the shell's banner needs. */
export const CURRENT_SUBSCRIPTION_STATUSES = [
  'active',
  'a_venir',
  'expiree',
  'suspendue',
  'aucun',
  'non_concerne',
] as const;
export type CurrentSubscriptionStatus = (typeof CURRENT_SUBSCRIPTION_STATUSES)[number];

export const currentSubscriptionQuerySchema = z.object({
  serviceId: idOf('de boutique').optional(),
});

export const currentSubscriptionSchema = z
  .object({
    /** `active`: writes allowed; `non_concerne`: admin; anything else: writes refused (402). */
    statut: z.enum(CURRENT_SUBSCRIPTION_STATUSES),
    dateDebut: z.string().nullable(),
    dateFin: z.string().nullable(),
    plan: z.string().nullable(),
    /** Whom to contact: the first active admin's e-mail, or « l'administrateur de Comptoir ». */
    contact: z.string(),
  })
  .meta({ id: 'AbonnementCourant' });
export type CurrentSubscription = z.infer<typeof currentSubscriptionSchema>;
