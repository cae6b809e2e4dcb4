import { FACTURE_STATUTS, FACTURE_STATUT_LABELS, type Client } from '@comptoir/shared';
import { useQuery } from '@tanstack/react-query';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { TiersPicker } from '../../components/document/TiersPicker';
import { fromIsoDay, toIsoDay } from '../../lib/dates';
import { http } from '../../lib/http';
import { shopPath } from '../../lib/shop';
import { searchClients } from './api';

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
  const clientId = filters['clientId'] ?? null;
  const client = useQuery({
    queryKey: ['clients', serviceId, 'one', clientId],
    queryFn: () => http.get<Client>(shopPath(serviceId, `clients/${clientId}`)),
    enabled: clientId !== null,
  });
  const day = (key: 'du' | 'au') => (
    <Calendar
      inputId={`factures-${key}`}
      value={fromIsoDay(filters[key])}
      onChange={(e) => onFilter(key, e.value instanceof Date ? toIsoDay(e.value) : null)}
      dateFormat="dd/mm/yy"
      placeholder={key === 'du' ? 'Du' : 'Au'}
      aria-label={key === 'du' ? 'Du (jour)' : 'Au (jour)'}
      showIcon
      showButtonBar
    />
  );
  return (
    <>
      {day('du')}
      {day('au')}
      <span className="inline-block" style={{ minWidth: '14rem' }} aria-label="Filtrer par client">
        <TiersPicker
          type="client"
          inputId="factures-client"
          search={(q) => searchClients(serviceId, q)}
          value={
            client.data && clientId !== null
              ? { id: client.data.id, nom: client.data.nom, telephone: client.data.telephone }
              : null
          }
          onChange={(c) => onFilter('clientId', c ? String(c.id) : null)}
          placeholder="Tous les clients"
        />
      </span>
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
