import {
  coupuresOf,
  MODES_HORS_ESPECES,
  seuilMotifEcart,
  totalCoupures,
  type ClotureInput,
  type RapportCaisse,
} from '@comptoir/shared';

/** What the closing's form holds: numbers of notes and coins, or one cash amount, other modes. */
export interface Comptage {
  nombres: Record<number, number>;
  /** Cash as one amount, for a currency without a list of denominations. */
  especes: number | null;
  autres: Record<string, number | null>;
  motif: string;
}
export const COMPTAGE_VIDE: Comptage = { nombres: {}, especes: null, autres: {}, motif: '' };

/**
 * The closing's figures as the form shows them before sending (docs/regles-metier.md « Caisses et
 * sessions »): cash counted by denomination, the other modes that expect money by their total,
 * variance = counted − expected per mode, the total variance their sum, a reason required when
 * one mode's variance exceeds the threshold; and the body of `POST …/cloture`.
 */
export function comptageCloture(devise: string, rapport: RapportCaisse, c: Comptage) {
  const coupures = coupuresOf(devise);
  const attendu = (mode: string) => rapport.modes.find((m) => m.mode === mode)?.attendu ?? 0;
  const especes =
    coupures === null
      ? (c.especes ?? 0)
      : totalCoupures(coupures.map((valeur) => ({ valeur, nombre: c.nombres[valeur] ?? 0 })));
  const modes = MODES_HORS_ESPECES.filter((m) => attendu(m) !== 0);
  const ecarts = [
    especes - attendu('especes'),
    ...modes.map((m) => (c.autres[m] ?? 0) - attendu(m)),
  ];
  const motifRequis = ecarts.some((e) => Math.abs(e) > seuilMotifEcart(devise));
  const body: ClotureInput = {
    coupures:
      coupures === null
        ? []
        : coupures
            .filter((v) => (c.nombres[v] ?? 0) > 0)
            .map((valeur) => ({ valeur, nombre: c.nombres[valeur]! })),
    especes: coupures === null ? (c.especes ?? 0) : null,
    autres: modes.map((mode) => ({ mode, montant: c.autres[mode] ?? 0 })),
    motifEcart: c.motif.trim() || null,
  };
  return {
    coupures,
    attendu,
    especes,
    modes,
    ecart: ecarts.reduce((a, b) => a + b, 0),
    motifRequis,
    /** The form can be sent: a reason is written when one is required. */
    pret: !motifRequis || body.motifEcart !== null,
    body,
  };
}

/** A number of notes typed in a field: a whole number, never negative (empty counts 0). */
export const nombreSaisi = (text: string) => Math.max(0, Math.floor(Number(text) || 0));
