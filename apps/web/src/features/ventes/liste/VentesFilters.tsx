import {
  MODES_PAIEMENT,
  MODE_PAIEMENT_LABELS,
  VENTE_STATUTS,
  VENTE_STATUT_LABELS,
  type Client,
} from '@comptoir/shared';
import { useQuery } from '@tanstack/react-query';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { fromIsoDay, toIsoDay } from '../../../lib/dates';
import { http } from '../../../lib/http';
import { shopPath } from '../../../lib/shop';
import { TiersPicker } from '../../../components/document/TiersPicker';
import { searchClients } from '../api';
import { PERIODES, PERIODE_LABELS } from './periode';

interface Props {
  serviceId: number;
  filters: Readonly<Record<string, string>>;
  /** Null: no seller filter (a manager may not list the shop's accounts). */
  vendeurs: { id: number; prenom: string; nom: string }[] | null;
  onFilter: (key: string, value: string | null) => void;
}

const PERIODE_OPTIONS = PERIODES.map((value) => ({ value, label: PERIODE_LABELS[value] }));
const MODE_OPTIONS = MODES_PAIEMENT.map((value) => ({ value, label: MODE_PAIEMENT_LABELS[value] }));
const STATUT_OPTIONS = VENTE_STATUTS.map((value) => ({ value, label: VENTE_STATUT_LABELS[value] }));

/** Filters of the sales list: period (custom: two days), seller, customer, payment mode, status. */
export function VentesFilters({ serviceId, filters, vendeurs, onFilter }: Props) {
  const pick = (key: string) => (e: { value: unknown }) =>
    onFilter(key, (e.value as string | null) ?? null);
  const clientId = filters['clientId'] ?? null;
  const client = useQuery({
    queryKey: ['clients', serviceId, 'one', clientId],
    queryFn: () => http.get<Client>(shopPath(serviceId, `clients/${clientId}`)),
    enabled: clientId !== null,
  });
  const day = (key: 'du' | 'au') => (
    <Calendar
      inputId={`ventes-${key}`}
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
      <Dropdown
        inputId="ventes-periode"
        value={filters['periode'] ?? null}
        options={PERIODE_OPTIONS}
        onChange={pick('periode')}
        placeholder="Toute période"
        showClear
        aria-label="Filtrer par période"
      />
      {filters['periode'] === 'perso' && (
        <>
          {day('du')}
          {day('au')}
        </>
      )}
      {vendeurs && (
        <Dropdown
          inputId="ventes-vendeur"
          value={filters['vendeurId'] ?? null}
          options={vendeurs.map((u) => ({ value: String(u.id), label: `${u.prenom} ${u.nom}` }))}
          onChange={pick('vendeurId')}
          placeholder="Tous les vendeurs"
          showClear
          filter
          aria-label="Filtrer par vendeur"
        />
      )}
      <span className="inline-block" style={{ minWidth: '14rem' }} aria-label="Filtrer par client">
        <TiersPicker
          type="client"
          inputId="ventes-client"
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
        inputId="ventes-mode"
        value={filters['mode'] ?? null}
        options={MODE_OPTIONS}
        onChange={pick('mode')}
        placeholder="Tous les modes"
        showClear
        aria-label="Filtrer par mode de paiement"
      />
      <Dropdown
        inputId="ventes-statut"
        value={filters['statut'] ?? null}
        options={STATUT_OPTIONS}
        onChange={pick('statut')}
        placeholder="Tous les statuts"
        showClear
        aria-label="Filtrer par statut"
      />
    </>
  );
}
