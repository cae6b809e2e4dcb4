import { z } from 'zod';
import { idOf, isoDateSchema } from './fields.js';
import { listQuerySchema, pageOf } from './list.js';
import { nombreJours } from '../tableau/periode.js';

/** The check of one chain: valid, or the first entry that does not match. */
const chainageSchema = z.object({
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

/**
 * The check of a shop's inalterable journal and of its technical events journal (JET): valid when
 * both are; `rupture` names the first break of the journal, else of the JET.
 */
export const journalVerificationSchema = chainageSchema.extend({ jet: chainageSchema });
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
  session_ouverture: 'Ouverture de caisse',
  session_cloture: 'Clôture de caisse (Z)',
  mouvement_caisse: 'Mouvement de caisse',
  duplicata: 'Duplicata de ticket',
  cloture_jour: 'Clôture journalière',
  cloture_mois: 'Clôture mensuelle',
  cloture_exercice: 'Clôture annuelle',
  connexion: 'Connexion',
  export_fec: 'Export comptable (FEC)',
  export_archive: 'Téléchargement d’une archive',
  archive: 'Archive créée',
  verification_echec: 'Vérification en échec',
  parametres_boutique: 'Paramètres de la boutique',
  prix: 'Changement de prix',
  anomalie_horloge: 'Anomalie d’horloge',
  vente_ecartee: 'Vente hors ligne écartée',
};

/** Closures of the journal (docs/regles-metier.md « Clôtures »). */
export const PERIODES_CLOTURE = ['jour', 'mois', 'exercice'] as const;
export const PERIODE_CLOTURE_LABELS: Record<(typeof PERIODES_CLOTURE)[number], string> = {
  jour: 'Clôture journalière',
  mois: 'Clôture mensuelle',
  exercice: 'Clôture annuelle',
};

export const clotureJournalInputSchema = z.object({
  periode: z.enum(PERIODES_CLOTURE, { error: 'Choisissez la période : jour, mois ou exercice.' }),
});
export type ClotureJournalInput = z.infer<typeof clotureJournalInputSchema>;

const montantsSchema = z.object({
  ht: z.number().int(),
  tva: z.number().int(),
  ttc: z.number().int(),
});

/** A closure: its journal entry and what it adds up (amounts in minor units). */
export const clotureJournalSchema = z.object({
  sequence: z.number().int(),
  reference: z.string(),
  horodatage: z.string(),
  periode: z.enum(PERIODES_CLOTURE),
  debut: z.string(),
  fin: z.string(),
  depuis: z.number().int(),
  jusqua: z.number().int(),
  evenements: z.number().int(),
  automatique: z.boolean(),
  ventes: montantsSchema.extend({ nombre: z.number().int() }),
  retours: montantsSchema.extend({ nombre: z.number().int() }),
  tva: z.array(montantsSchema.extend({ taux: z.number().int() })),
  paiements: z.array(z.object({ mode: z.string(), montant: z.number().int() })),
  total: montantsSchema,
  grandTotal: montantsSchema,
  signature: z.string(),
});
export type ClotureJournal = z.infer<typeof clotureJournalSchema>;

export const journalCleSchema = z.object({
  /** The installation's Ed25519 public key (PEM, SubjectPublicKeyInfo). */
  clePublique: z.string(),
});
export type JournalCle = z.infer<typeof journalCleSchema>;

/** The archive of a month or year closure: a signed zip, kept six years. */
export const journalArchiveSchema = z.object({
  id: z.number().int(),
  clotureSequence: z.number().int(),
  periode: z.enum(PERIODES_CLOTURE),
  reference: z.string(),
  nom: z.string(),
  taille: z.number().int(),
  sha256: z.string(),
  createdAt: z.string(),
  conserverJusquAu: z.string(),
});
export type JournalArchive = z.infer<typeof journalArchiveSchema>;
export const journalArchiveIdParamsSchema = z.object({ archiveId: idOf('de l’archive') });

/** Longest period of an accounting export (`…/journal/fec`): one fiscal year, in days. */
export const FEC_MAX_JOURS = 366;

/** `GET …/journal/fec?du=…&au=…`: the shop's calendar days, both included. */
export const journalFecQuerySchema = z
  .object({ du: isoDateSchema, au: isoDateSchema })
  .superRefine((q, ctx) => {
    if (q.du > q.au)
      ctx.addIssue({
        code: 'custom',
        path: ['au'],
        message: 'La date de fin ne peut pas précéder la date de début.',
      });
    else if (nombreJours(q) > FEC_MAX_JOURS)
      ctx.addIssue({
        code: 'custom',
        path: ['au'],
        message: `Une période ne peut pas dépasser ${FEC_MAX_JOURS} jours (un exercice).`,
      });
  });
export type JournalFecQuery = z.infer<typeof journalFecQuerySchema>;

/** `GET …/journal/jet?page=&size=`: the technical events journal, most recent first. */
export const journalJetQuerySchema = listQuerySchema.pick({ page: true, size: true });
export const journalJetPageSchema = pageOf(journalEntreeSchema);
