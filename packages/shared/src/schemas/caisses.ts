import { z } from 'zod';
import { MODES_PAIEMENT, cleIdempotenceSchema, positiveMoney } from './document.js';
import { emptyToNull, idOf, optionalText, requiredText } from './fields.js';
import { listQuerySchema, pageOf } from './list.js';

/**
 * Registers (caisses) of a shop and their sessions (docs/regles-metier.md « Caisses et sessions »):
 * a session opens with a counted float, records its cash in and out, and closes with the drawer
 * counted by denomination; money in the currency's minor unit.
 */

const personne = z.object({ id: z.number().int(), prenom: z.string(), nom: z.string() });

const montantPositifOuNul = (label: string) =>
  z
    .number({ error: `${label} doit être un nombre.` })
    .int(`${label} est un nombre entier dans la plus petite unité de la devise.`)
    .min(0, `${label} ne peut pas être négatif.`)
    .max(1e13, `${label} est trop élevé.`);

export const LARGEURS_TICKET = [80, 58] as const;

export const caisseIdParamsSchema = z.object({ caisseId: idOf('de la caisse') });
export const caisseSessionIdParamsSchema = z.object({ sessionId: idOf('de la session') });

export const caisseInputSchema = z.object({
  nom: requiredText(60, 'Le nom de la caisse'),
  largeurTicket: emptyToNull(
    z.union([z.literal(80), z.literal(58)], {
      error: 'La largeur du ticket est de 80 ou 58 mm.',
    }),
  ),
});
export type CaisseInput = z.input<typeof caisseInputSchema>;
export type CaisseData = z.output<typeof caisseInputSchema>;

/** The open session of a register, as the POS shows it. */
export const sessionOuverteSchema = z.object({
  id: z.number().int(),
  fond: z.number().int(),
  ouvertPar: personne,
  ouverteLe: z.string(),
});

export const caisseSchema = z
  .object({
    id: z.number().int(),
    nom: z.string(),
    largeurTicket: z.number().int().nullable(),
    session: sessionOuverteSchema.nullable(),
  })
  .meta({ id: 'Caisse' });
export type Caisse = z.infer<typeof caisseSchema>;
export const caisseListSchema = z.array(caisseSchema);

/** `POST …/caisses/:caisseId/sessions`: the float counted in the drawer at opening. */
export const ouvertureInputSchema = z.object({ fond: montantPositifOuNul('Le fond de caisse') });
export type OuvertureInput = z.input<typeof ouvertureInputSchema>;

export const MOUVEMENT_CAISSE_TYPES = ['apport', 'retrait', 'depense'] as const;
export type MouvementCaisseType = (typeof MOUVEMENT_CAISSE_TYPES)[number];
export const MOUVEMENT_CAISSE_LABELS: Record<MouvementCaisseType, string> = {
  apport: 'Apport',
  retrait: 'Retrait',
  depense: 'Dépense payée en caisse',
};

/** `POST …/caisse-sessions/:sessionId/mouvements`: cash in or out; an expense names its category. */
export const mouvementCaisseInputSchema = z
  .object({
    cleIdempotence: cleIdempotenceSchema,
    type: z.enum(MOUVEMENT_CAISSE_TYPES, {
      error: 'Le type doit être « apport », « retrait » ou « depense ».',
    }),
    montant: positiveMoney('Le montant'),
    motif: requiredText(200, 'Le motif'),
    categorieId: emptyToNull(idOf('de la catégorie de dépense')),
  })
  .superRefine((m, ctx) => {
    if (m.type === 'depense' && m.categorieId === null)
      ctx.addIssue({
        code: 'custom',
        path: ['categorieId'],
        message: 'La catégorie de la dépense est obligatoire.',
      });
    if (m.type !== 'depense' && m.categorieId !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['categorieId'],
        message: 'Seule une dépense a une catégorie.',
      });
  })
  .meta({ id: 'MouvementCaisseInput' });
export type MouvementCaisseInput = z.input<typeof mouvementCaisseInputSchema>;
export type MouvementCaisseData = z.output<typeof mouvementCaisseInputSchema>;

export const mouvementCaisseSchema = z
  .object({
    id: z.number().int(),
    /** MC-2026-000012: per shop and year, without gaps. */
    numero: z.string(),
    type: z.enum(MOUVEMENT_CAISSE_TYPES),
    montant: z.number().int(),
    motif: z.string(),
    depenseId: z.number().int().nullable(),
    user: personne,
    createdAt: z.string(),
  })
  .meta({ id: 'MouvementCaisse' });
export type MouvementCaisse = z.infer<typeof mouvementCaisseSchema>;

/** The payment modes counted as totals at closing (cash is counted by denomination). */
export const MODES_HORS_ESPECES = MODES_PAIEMENT.filter((m) => m !== 'especes');

const coupureSchema = z.object({
  valeur: z
    .number({ error: 'La valeur de la coupure doit être un nombre.' })
    .int('La valeur de la coupure est un nombre entier (plus petite unité de la devise).')
    .positive('La valeur de la coupure doit être supérieure à zéro.')
    .max(1e7, 'Cette coupure n’existe pas.'),
  nombre: z
    .number({ error: 'Le nombre de billets ou de pièces doit être un nombre.' })
    .int('Le nombre de billets ou de pièces est un nombre entier.')
    .min(0, 'Le nombre de billets ou de pièces ne peut pas être négatif.')
    .max(1e6, 'Le nombre de billets ou de pièces est trop grand.'),
});
export type Coupure = z.infer<typeof coupureSchema>;

/**
 * `POST …/caisse-sessions/:sessionId/cloture`: the drawer counted by denomination (`coupures`; for a
 * currency without a list of denominations, `especes` as one amount) and the totals of the other
 * modes (a mode left out counts 0). Above the variance threshold, `motifEcart` is required.
 */
export const clotureInputSchema = z
  .object({
    coupures: z
      .array(coupureSchema, { error: 'Le comptage par coupure doit être une liste.' })
      .max(30, 'Trop de coupures.')
      .default([]),
    especes: emptyToNull(montantPositifOuNul('Le montant des espèces')),
    autres: z
      .array(
        z.object({
          mode: z.enum(MODES_HORS_ESPECES as ['mobile_money', 'carte', 'virement', 'cheque'], {
            error: 'Mode de paiement inconnu (les espèces se comptent par coupure).',
          }),
          montant: montantPositifOuNul('Le montant compté'),
        }),
        { error: 'Les totaux des autres modes doivent être une liste.' },
      )
      .max(4, 'Un total par mode de paiement au plus.')
      .default([]),
    motifEcart: optionalText(500, 'Le motif de l’écart'),
  })
  .superRefine((c, ctx) => {
    const valeurs = c.coupures.map((x) => x.valeur);
    const double = valeurs.findIndex((v, i) => valeurs.indexOf(v) !== i);
    if (double >= 0)
      ctx.addIssue({
        code: 'custom',
        path: ['coupures', double, 'valeur'],
        message: 'Cette coupure est déjà comptée.',
      });
    const modes = c.autres.map((x) => x.mode);
    const autre = modes.findIndex((m, i) => modes.indexOf(m) !== i);
    if (autre >= 0)
      ctx.addIssue({
        code: 'custom',
        path: ['autres', autre, 'mode'],
        message: 'Ce mode de paiement est déjà compté.',
      });
  })
  .meta({ id: 'ClotureInput' });
export type ClotureInput = z.input<typeof clotureInputSchema>;
export type ClotureData = z.output<typeof clotureInputSchema>;

/** One payment mode in an X or Z report: what came in and out, what is expected, counted, variance. */
export const rapportModeSchema = z.object({
  mode: z.enum(MODES_PAIEMENT),
  /** Payments of the session's sales. */
  ventes: z.number().int(),
  /** Repayments of debts received on the session. */
  reglements: z.number().int(),
  /** Refunds of returns paid on the session. */
  remboursements: z.number().int(),
  attendu: z.number().int(),
  /** Null until the closing (X report). */
  compte: z.number().int().nullable(),
  ecart: z.number().int().nullable(),
});
export type RapportMode = z.infer<typeof rapportModeSchema>;

/** X (interim, changes nothing) or Z (closing, frozen) report of a session. */
export const rapportCaisseSchema = z
  .object({
    type: z.enum(['X', 'Z']),
    /** Z-2026-000001 for a Z report, null for an X report. */
    numero: z.string().nullable(),
    fond: z.number().int(),
    ventes: z.object({ nombre: z.number().int(), total: z.number().int() }),
    retours: z.object({ nombre: z.number().int(), total: z.number().int() }),
    apports: z.number().int(),
    retraits: z.number().int(),
    depenses: z.number().int(),
    modes: z.array(rapportModeSchema),
    /** Cash counted by denomination (Z of a currency with a list of denominations). */
    coupures: z.array(coupureSchema).nullable(),
    /** Sum of the variances of every mode (Z), null for an X report. */
    ecart: z.number().int().nullable(),
    motifEcart: z.string().nullable(),
    /** Moment the figures were taken (now for X, the closing for Z). */
    etabliLe: z.string(),
  })
  .meta({ id: 'RapportCaisse' });
export type RapportCaisse = z.infer<typeof rapportCaisseSchema>;

export const SESSION_STATUTS = ['ouverte', 'cloturee'] as const;
export type SessionStatut = (typeof SESSION_STATUTS)[number];

export const caisseSessionSchema = z
  .object({
    id: z.number().int(),
    caisse: z.object({ id: z.number().int(), nom: z.string() }),
    statut: z.enum(SESSION_STATUTS),
    fond: z.number().int(),
    ouvertPar: personne,
    ouverteLe: z.string(),
    clotureePar: personne.nullable(),
    clotureeLe: z.string().nullable(),
    numeroZ: z.string().nullable(),
    ecart: z.number().int().nullable(),
    motifEcart: z.string().nullable(),
  })
  .meta({ id: 'CaisseSession' });
export type CaisseSession = z.infer<typeof caisseSessionSchema>;

export const caisseSessionDetailSchema = caisseSessionSchema
  .extend({ rapport: rapportCaisseSchema, mouvements: z.array(mouvementCaisseSchema) })
  .meta({ id: 'CaisseSessionDetail' });
export type CaisseSessionDetail = z.infer<typeof caisseSessionDetailSchema>;

export const caisseSessionListQuerySchema = listQuerySchema.omit({ sort: true, q: true }).extend({
  caisseId: idOf('de la caisse').optional(),
  statut: z.enum(SESSION_STATUTS, { error: 'Statut inconnu.' }).optional(),
});
export type CaisseSessionListQuery = z.infer<typeof caisseSessionListQuerySchema>;
export const caisseSessionPageSchema = pageOf(caisseSessionSchema).meta({
  id: 'CaisseSessionPage',
});

export const RAPPORT_FORMATS = ['80', '58', 'a4'] as const;
export const rapportPdfQuerySchema = z.object({
  format: z.enum(RAPPORT_FORMATS, { error: 'Le format est « 80 », « 58 » ou « a4 ».' }).optional(),
});
