import {
  MODES_PAIEMENT,
  MODE_PAIEMENT_LABELS,
  VENTE_STATUTS,
  VENTE_STATUT_LABELS,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { ClientFilter, DayFilter } from '../../../components/list/ListFilters';
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

/**
 * Filters of the sales list: period (custom: two days), seller, customer, payment mode, status;
 * the mobile-money operator (set by the dashboard's links) shows as a button that removes it.
 */
export function VentesFilters({ serviceId, filters, vendeurs, onFilter }: Props) {
  const pick = (key: string) => (e: { value: unknown }) =>
    onFilter(key, (e.value as string | null) ?? null);
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
          <DayFilter prefix="ventes" bound="du" value={filters['du']} onFilter={onFilter} />
          <DayFilter prefix="ventes" bound="au" value={filters['au']} onFilter={onFilter} />
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
      <ClientFilter
        serviceId={serviceId}
        prefix="ventes"
        value={filters['clientId'] ?? null}
        onFilter={onFilter}
      />
      <Dropdown
        inputId="ventes-mode"
        value={filters['mode'] ?? null}
        options={MODE_OPTIONS}
        onChange={pick('mode')}
        placeholder="Tous les modes"
        showClear
        aria-label="Filtrer par mode de paiement"
      />
      {filters['operateur'] && (
        <Button
          type="button"
          label={`Opérateur : ${filters['operateur']}`}
          icon="pi pi-times"
          iconPos="right"
          outlined
          size="small"
          onClick={() => onFilter('operateur', null)}
          aria-label={`Retirer le filtre opérateur ${filters['operateur']}`}
        />
      )}
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
