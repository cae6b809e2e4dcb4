import { DEVIS_STATUT_LABELS, type DevisStatut } from '@comptoir/shared';
import { Tag } from 'primereact/tag';

const SEVERITY: Record<DevisStatut, 'success' | 'info' | 'warning' | 'danger' | 'secondary'> = {
  brouillon: 'secondary',
  envoye: 'info',
  accepte: 'success',
  refuse: 'danger',
  expire: 'warning',
  converti: 'success',
};

/** The coloured status of a quote (« Expiré » read from its validity date). */
export const DevisStatutTag = ({ statut }: { statut: DevisStatut }) => (
  <Tag value={DEVIS_STATUT_LABELS[statut]} severity={SEVERITY[statut]} data-testid="devis-statut" />
);
