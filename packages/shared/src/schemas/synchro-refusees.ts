import { z } from 'zod';
import { emptyToNull, idOf, requiredText } from './fields.js';
import { venteHorsLigneSchema } from './synchro.js';

/**
 * One register, one device, and what becomes of a sale the sync refused (docs/regles-metier.md
 * « Vente hors ligne »): each device has its own id (kept in the browser), and the server records
 * the device that last chose each register; a refused sale is recorded again under the register's
 * next number, or — the owner only — discarded with a reason, kept and journaled.
 */

/** A device's own id, made once by the browser. */
export const appareilSchema = z
  .string({ error: "L'identifiant de l'appareil est obligatoire." })
  .regex(/^[A-Za-z0-9-]{8,64}$/, "L'identifiant de l'appareil est invalide.");

/** `PUT …/caisses/:caisseId/appareil`: this device sells on this register from now on. */
export const appareilInputSchema = z.object({ appareil: appareilSchema });
export type AppareilInput = z.input<typeof appareilInputSchema>;

const personneSchema = z.object({ prenom: z.string(), nom: z.string() });

/** The device that last chose a register, who chose it, and since when. */
export const caisseAppareilSchema = z.object({
  caisseId: z.number().int(),
  appareil: z.string(),
  utilisateur: personneSchema,
  depuis: z.string(),
});
export type CaisseAppareil = z.infer<typeof caisseAppareilSchema>;

/** A sale the sync refused, as the till sent it, with the reason the server gave. */
export const venteRefuseeInputSchema = z.object({
  vente: venteHorsLigneSchema,
  motifRefus: requiredText(500, 'Le motif du refus'),
});
export type VenteRefuseeInput = z.input<typeof venteRefuseeInputSchema>;

/** `POST …/caisses/:caisseId/ventes-refusees`: recorded under the register's next number. */
export const venteRenumeroteeSchema = z.object({
  venteId: z.number().int(),
  numero: z.string(),
  /** The number the till had given, refused. */
  numeroInitial: z.string(),
});
export type VenteRenumerotee = z.infer<typeof venteRenumeroteeSchema>;

/** `POST …/caisses/:caisseId/ventes-ecartees` (owner): the sale is not recorded, its trace is. */
export const venteEcarteeInputSchema = venteRefuseeInputSchema.extend({
  motif: requiredText(500, 'Le motif'),
  /** The cashier the till's receipt names (signed in on the till when it made the sale). */
  vendeurId: emptyToNull(idOf('du vendeur')),
});
export type VenteEcarteeInput = z.input<typeof venteEcarteeInputSchema>;

export const venteEcarteeSchema = z.object({
  id: z.number().int(),
  caisseId: z.number().int(),
  caisseNom: z.string(),
  /** The number the till had given. */
  numero: z.string(),
  /** When the till made the sale (its clock). */
  faiteLe: z.string(),
  totalTtc: z.number().int(),
  motif: z.string(),
  motifRefus: z.string(),
  /** Who discarded it (the owner), and when (`createdAt`). */
  utilisateur: personneSchema,
  /** The cashier who made the sale; null when the till did not say. */
  vendeur: personneSchema.nullable(),
  createdAt: z.string(),
});
export type VenteEcartee = z.infer<typeof venteEcarteeSchema>;
