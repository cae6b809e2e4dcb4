import {
  FACTURE_CREDIT_LABELS,
  FACTURE_STATUT_LABELS,
  type FactureCredit,
  type FactureStatut,
} from '@comptoir/shared';
import { Tag } from 'primereact/tag';

type Severity = 'success' | 'info' | 'warning' | 'danger' | 'secondary';

const SEVERITY: Record<FactureStatut, Severity> = {
  payee: 'success',
  partiellement_payee: 'warning',
  impayee: 'info',
  en_retard: 'danger',
};

/** The derived status of an invoice (payée, partiellement payée, impayée, en retard) and its credit. */
export function FactureStatutTags({
  statut,
  credit,
}: {
  statut: FactureStatut;
  credit: FactureCredit;
}) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Tag value={FACTURE_STATUT_LABELS[statut]} severity={SEVERITY[statut]} />
      {credit !== 'aucun' && <Tag value={FACTURE_CREDIT_LABELS[credit]} severity="secondary" />}
    </span>
  );
}
