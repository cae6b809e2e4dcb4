import { z } from 'zod';
import { emptyToNull, optionalText } from './fields.js';

/**
 * The pieces every commercial document is entered with (sale today; quote, purchase, invoice,
 * credit note tomorrow): discount, payment, idempotency key. Money in the currency's minor unit,
 * rates and percentage discounts in basis points.
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
/**
 * What a sale can be paid with as entered: the payment modes, and the customer's available credit
 * (« Avoir », sent apart as the sale's `avoir`, never a payment row).
 */
export type ModeSaisi = ModePaiement | 'avoir';
export const MODE_SAISI_LABELS: Record<ModeSaisi, string> = {
  ...MODE_PAIEMENT_LABELS,
  avoir: 'Avoir',
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

export const REMISE_TYPES = ['montant', 'pourcent'] as const;

export const positiveMoney = (label: string) =>
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
 * One payment. `montant` is what is applied to the document. For cash, `recu` is what the
 * customer handed over (at least `montant`); the change is `recu - montant`. Mobile money needs
 * its operator; the reference (transaction id, cheque number…) is optional.
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
