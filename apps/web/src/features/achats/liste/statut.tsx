import { ACHAT_STATUT_LABELS, type AchatStatut } from '@comptoir/shared';
import { Tag } from 'primereact/tag';

const SEVERITY: Record<AchatStatut, 'success' | 'info' | 'warning' | 'danger' | 'secondary'> = {
  brouillon: 'secondary',
  valide: 'danger',
  partiellement_paye: 'warning',
  paye: 'success',
  retourne: 'info',
};

/** The coloured status of a purchase: brouillon, validé (nothing paid), partiellement payé… */
export const AchatStatutTag = ({ statut }: { statut: AchatStatut }) => (
  <Tag value={ACHAT_STATUT_LABELS[statut]} severity={SEVERITY[statut]} />
);
