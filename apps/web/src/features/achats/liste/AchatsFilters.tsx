import { ACHAT_STATUTS, ACHAT_STATUT_LABELS } from '@comptoir/shared';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { TiersPicker } from '../../../components/document/TiersPicker';
import { fromIsoDay, toIsoDay } from '../../../lib/dates';
import { PERIODES, PERIODE_LABELS } from '../../ventes';
import { searchFournisseurs, useFournisseur } from '../api';

interface Props {
  serviceId: number;
  filters: Readonly<Record<string, string>>;
  onFilter: (key: string, value: string | null) => void;
}

const PERIODE_OPTIONS = PERIODES.map((value) => ({ value, label: PERIODE_LABELS[value] }));
const STATUT_OPTIONS = ACHAT_STATUTS.map((value) => ({ value, label: ACHAT_STATUT_LABELS[value] }));

/** Filters of the purchase list: period (custom: two days), supplier, status. */
export function AchatsFilters({ serviceId, filters, onFilter }: Props) {
  const raw = filters['fournisseurId'];
  const fournisseurId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const fournisseur = useFournisseur(serviceId, fournisseurId);
  const day = (key: 'du' | 'au') => (
    <Calendar
      inputId={`achats-${key}`}
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
        inputId="achats-periode"
        value={filters['periode'] ?? null}
        options={PERIODE_OPTIONS}
        onChange={(e) => onFilter('periode', (e.value as string | null) ?? null)}
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
      <span
        className="inline-block"
        style={{ minWidth: '14rem' }}
        aria-label="Filtrer par fournisseur"
      >
        <TiersPicker
          type="fournisseur"
          inputId="achats-fournisseur"
          search={(q) => searchFournisseurs(serviceId, q)}
          value={
            fournisseur.data && fournisseurId !== null
              ? {
                  id: fournisseur.data.id,
                  nom: fournisseur.data.nom,
                  telephone: fournisseur.data.telephone,
                }
              : null
          }
          onChange={(f) => onFilter('fournisseurId', f ? String(f.id) : null)}
          placeholder="Tous les fournisseurs"
        />
      </span>
      <Dropdown
        inputId="achats-statut"
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
