import { z } from 'zod';
import { CURRENCIES } from '../money.js';
import { phoneSchema } from './account.js';
import { COUNTRY_CODES } from './countries.js';
import {
  booleanQuery,
  emptyToNull,
  idOf,
  optionalText,
  requiredText,
  sortedListQuery,
} from './fields.js';
import { pageOf } from './list.js';

/** What a member of a shop reads of it in the shell. */
export const serviceSummarySchema = z
  .object({
    id: z.number().int(),
    nom: z.string(),
    devise: z.string(),
    ville: z.string().nullable(),
    pays: z.string().nullable(),
  })
  .meta({ id: 'ServiceSummary' });
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;

export const serviceIdParamsSchema = z.object({ serviceId: idOf('de boutique') });

export const CURRENCY_CODES = CURRENCIES.map((c) => c.code) as [string, ...string[]];
export const TVA_RATE_MAX = 10000;
export const DEFAULT_PREFIXES = {
  prefixeVente: 'V',
  prefixeFacture: 'F',
  prefixeDevis: 'D',
  prefixeAchat: 'A',
} as const;

/** SIRET: 14 digits, Luhn key (La Poste's establishments, SIREN 356000000, follow another rule). */
export function isValidSiret(siret: string): boolean {
  if (!/^\d{14}$/.test(siret)) return false;
  if (siret.startsWith('356000000')) return [...siret].reduce((s, d) => s + Number(d), 0) % 5 === 0;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(siret[13 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const compact = (v: string | null) => (v ? v.replace(/[\s.]/g, '').toUpperCase() : v);

const prefix = (label: string, fallback: string) =>
  z
    .string({ error: `Le préfixe ${label} est obligatoire.` })
    .trim()
    .toUpperCase()
    .regex(
      /^[A-Z0-9]{1,6}$/,
      `Le préfixe ${label} ne contient que des lettres et des chiffres (6 au plus).`,
    )
    .default(fallback);

const bool = (label: string, fallback: boolean) =>
  z.boolean({ error: `${label} doit valoir vrai ou faux.` }).default(fallback);

/**
 * `POST /api/services` and `PUT /api/services/:serviceId` (the whole shop each time). Money and
 * rates are integers: `tauxTvaDefaut` in hundredths of a percent (18 % = 1800).
 */
export const serviceInputSchema = z
  .object({
    nom: requiredText(120, 'Le nom de la boutique'),
    adresse: optionalText(255, "L'adresse"),
    ville: optionalText(120, 'La ville'),
    pays: emptyToNull(
      z.enum(COUNTRY_CODES, { error: 'Choisissez un pays de la liste (code ISO à deux lettres).' }),
    ),
    telephone: emptyToNull(phoneSchema),
    email: emptyToNull(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(254, "L'adresse e-mail est trop longue.")
        .pipe(z.email({ error: "L'adresse e-mail de la boutique n'est pas valide." })),
    ),
    devise: z.enum(CURRENCY_CODES, { error: 'Choisissez une devise de la liste.' }),
    siret: optionalText(20, 'Le SIRET')
      .transform(compact)
      .refine(
        (v) => v === null || isValidSiret(v),
        'Le SIRET doit compter 14 chiffres et avoir une clé valide.',
      ),
    tvaIntracom: optionalText(20, 'Le numéro de TVA intracommunautaire')
      .transform(compact)
      .refine(
        (v) => v === null || /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(v),
        "Le numéro de TVA intracommunautaire n'est pas valide (ex. FR40123456789).",
      ),
    ninea: optionalText(20, 'Le NINEA'),
    rccm: optionalText(40, 'Le RCCM'),
    assujettiTva: bool('Assujetti à la TVA', false),
    tauxTvaDefaut: z
      .number({ error: 'Le taux de TVA par défaut doit être un nombre.' })
      .int('Le taux de TVA est exprimé en centièmes de pour cent (18 % = 1800).')
      .min(0, 'Le taux de TVA ne peut pas être négatif.')
      .max(TVA_RATE_MAX, 'Le taux de TVA ne peut pas dépasser 100 %.')
      .default(0),
    prixTtc: bool('Prix saisis TTC', true),
    stockNegatifAutorise: bool('Stock négatif autorisé', false),
    enteteTicket: optionalText(500, "L'en-tête du ticket"),
    piedTicket: optionalText(500, 'Le pied du ticket'),
    prefixeVente: prefix('des ventes', DEFAULT_PREFIXES.prefixeVente),
    prefixeFacture: prefix('des factures', DEFAULT_PREFIXES.prefixeFacture),
    prefixeDevis: prefix('des devis', DEFAULT_PREFIXES.prefixeDevis),
    prefixeAchat: prefix('des approvisionnements', DEFAULT_PREFIXES.prefixeAchat),
    // Invoices (factures): « RCS Paris 123 456 789 » or « RM … », legal form, share capital (minor
    // units), late-payment penalty rate (basis points) and default payment term (days).
    rcs: optionalText(80, 'Le RCS ou RM'),
    formeJuridique: optionalText(40, 'La forme juridique'),
    capital: emptyToNull(
      z
        .number({ error: 'Le capital doit être un nombre.' })
        .int('Le capital est un nombre entier dans la plus petite unité de la devise.')
        .min(0, 'Le capital ne peut pas être négatif.')
        .max(1e15, 'Le capital est trop élevé.'),
    ),
    tauxPenalites: emptyToNull(
      z
        .number({ error: 'Le taux des pénalités de retard doit être un nombre.' })
        .int('Le taux des pénalités est exprimé en centièmes de pour cent (12,15 % = 1215).')
        .min(0, 'Le taux des pénalités ne peut pas être négatif.')
        .max(10000, 'Le taux des pénalités ne peut pas dépasser 100 %.'),
    ),
    delaiPaiement: z
      .number({ error: 'Le délai de paiement doit être un nombre de jours.' })
      .int('Le délai de paiement est un nombre entier de jours.')
      .min(0, 'Le délai de paiement ne peut pas être négatif.')
      .max(365, 'Le délai de paiement ne peut pas dépasser 365 jours.')
      .default(30),
  })
  .meta({ id: 'ServiceInput' });
export type ServiceInput = z.input<typeof serviceInputSchema>;
export type ServiceData = z.output<typeof serviceInputSchema>;

export const serviceOwnerSchema = z.object({
  id: z.number().int(),
  prenom: z.string(),
  nom: z.string(),
  email: z.string(),
});

/** A shop with every field, for its members and the admin. `logo`: image address or null. */
export const serviceDetailSchema = z
  .object({
    id: z.number().int(),
    nom: z.string(),
    adresse: z.string().nullable(),
    ville: z.string().nullable(),
    pays: z.string().nullable(),
    telephone: z.string().nullable(),
    email: z.string().nullable(),
    devise: z.string(),
    siret: z.string().nullable(),
    tvaIntracom: z.string().nullable(),
    ninea: z.string().nullable(),
    rccm: z.string().nullable(),
    assujettiTva: z.boolean(),
    tauxTvaDefaut: z.number().int(),
    prixTtc: z.boolean(),
    stockNegatifAutorise: z.boolean(),
    enteteTicket: z.string().nullable(),
    piedTicket: z.string().nullable(),
    prefixeVente: z.string(),
    prefixeFacture: z.string(),
    prefixeDevis: z.string(),
    prefixeAchat: z.string(),
    rcs: z.string().nullable(),
    formeJuridique: z.string().nullable(),
    capital: z.number().int().nullable(),
    tauxPenalites: z.number().int().nullable(),
    delaiPaiement: z.number().int(),
    logo: z.string().nullable(),
    active: z.boolean(),
    owner: serviceOwnerSchema,
    /** False once the shop holds a priced document: the currency is then fixed. */
    deviseModifiable: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Service' });
export type ServiceDetail = z.infer<typeof serviceDetailSchema>;

export const SERVICE_SORTS = ['nom', 'ville', 'devise', 'created_at'] as const;
export type ServiceSort = (typeof SERVICE_SORTS)[number];

/** `GET /api/services`: page, size, sort (SERVICE_SORTS), q (nom, ville), active, ownerId (admin). */
export const serviceListQuerySchema = sortedListQuery(SERVICE_SORTS).extend({
  active: booleanQuery.optional(),
  ownerId: idOf('du propriétaire').optional(),
});
export type ServiceListQuery = z.infer<typeof serviceListQuerySchema>;

export const serviceListItemSchema = z
  .object({
    id: z.number().int(),
    nom: z.string(),
    ville: z.string().nullable(),
    pays: z.string().nullable(),
    telephone: z.string().nullable(),
    devise: z.string(),
    logo: z.string().nullable(),
    active: z.boolean(),
    owner: serviceOwnerSchema,
    createdAt: z.string(),
  })
  .meta({ id: 'ServiceListItem' });
export type ServiceListItem = z.infer<typeof serviceListItemSchema>;

export const servicePageSchema = pageOf(serviceListItemSchema).meta({ id: 'ServicePage' });
export type ServicePage = z.infer<typeof servicePageSchema>;
