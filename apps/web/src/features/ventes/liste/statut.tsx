import {
  DETTE_STATUT_LABELS,
  VENTE_STATUT_LABELS,
  type DetteStatut,
  type VenteStatut,
} from '@comptoir/shared';
import { Tag } from 'primereact/tag';

type Severity = 'success' | 'info' | 'warning' | 'danger' | 'secondary';

const VENTE_SEVERITY: Record<VenteStatut, Severity> = {
  payee: 'success',
  partiellement_payee: 'warning',
  a_credit: 'danger',
  retournee: 'secondary',
};
const DETTE_SEVERITY: Record<DetteStatut, Severity> = {
  en_cours: 'info',
  soldee: 'success',
  en_retard: 'danger',
};

/** The coloured status of a sale. */
export const VenteStatutTag = ({ statut }: { statut: VenteStatut }) => (
  <Tag value={VENTE_STATUT_LABELS[statut]} severity={VENTE_SEVERITY[statut]} />
);

/** The coloured status of a debt: en cours, soldée, en retard. */
export const DetteStatutTag = ({ statut }: { statut: DetteStatut }) => (
  <Tag value={DETTE_STATUT_LABELS[statut]} severity={DETTE_SEVERITY[statut]} />
);
