import { FACTURE_STATUTS, FACTURE_STATUT_LABELS } from '@comptoir/shared';
import { Dropdown } from 'primereact/dropdown';
import { ClientFilter, DayFilter } from '../../components/list/ListFilters';

interface Props {
  serviceId: number;
  filters: Readonly<Record<string, string>>;
  onFilter: (key: string, value: string | null) => void;
}

const STATUT_OPTIONS = FACTURE_STATUTS.map((value) => ({
  value,
  label: FACTURE_STATUT_LABELS[value],
}));

/** Filters of the invoice list: issue days (from, to), customer, status. */
export function FacturesFilters({ serviceId, filters, onFilter }: Props) {
  return (
    <>
      <DayFilter prefix="factures" bound="du" value={filters['du']} onFilter={onFilter} />
      <DayFilter prefix="factures" bound="au" value={filters['au']} onFilter={onFilter} />
      <ClientFilter
        serviceId={serviceId}
        prefix="factures"
        value={filters['clientId'] ?? null}
        onFilter={onFilter}
      />
      <Dropdown
        inputId="factures-statut"
        value={filters['statut'] ?? null}
        options={STATUT_OPTIONS}
        onChange={(e) => onFilter('statut', (e.value as string | null) ?? null)}
        placeholder="Tous les statuts"
        showClear
        aria-label="Filtrer par statut"
      />
    </>
  );
}
