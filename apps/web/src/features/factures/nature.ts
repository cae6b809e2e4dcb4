import { FACTURE_NATURES, FACTURE_NATURE_LABELS } from '@comptoir/shared';

/** The nature of the operation, as the invoice prints it (goods, services, both). */
export const NATURE_OPTIONS = FACTURE_NATURES.map((value) => ({
  value,
  label: FACTURE_NATURE_LABELS[value],
}));
