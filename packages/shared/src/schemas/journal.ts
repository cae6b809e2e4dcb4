import { z } from 'zod';

/** The check of a shop's inalterable journal: valid, or the first entry that does not match. */
export const journalVerificationSchema = z.object({
  valide: z.boolean(),
  /** Entries checked and found right, from the first. */
  entrees: z.number().int(),
  /** Hash of the last entry found right (64 zeros when none). */
  dernierHash: z.string(),
  rupture: z
    .object({
      sequence: z.number().int(),
      type: z.string().nullable(),
      reference: z.string().nullable(),
      motif: z.string(),
    })
    .nullable(),
});
export type JournalVerification = z.infer<typeof journalVerificationSchema>;

export const journalEntreeSchema = z.object({
  sequence: z.number().int(),
  type: z.string(),
  reference: z.string(),
  horodatage: z.string(),
  contenu: z.string(),
  hashPrecedent: z.string(),
  hash: z.string(),
});
export type JournalEntree = z.infer<typeof journalEntreeSchema>;

/** French labels of the journal's event types; an unknown type shows as is. */
export const JOURNAL_TYPE_LABELS: Record<string, string> = {
  vente: 'Vente',
  retour: 'Retour',
  reglement: 'Règlement',
  facture: 'Facture',
  avoir: 'Avoir',
};
