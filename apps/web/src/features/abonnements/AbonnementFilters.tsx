import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_STATUS_LABELS } from '@comptoir/shared';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { EXPIRING_DAYS } from './abonnements-list';

interface Props {
  filters: Readonly<Record<string, string>>;
  onFilter: (key: string, value: string | null) => void;
}

const STATUS_OPTIONS = SUBSCRIPTION_STATUSES.map((value) => ({
  value,
  label: SUBSCRIPTION_STATUS_LABELS[value],
}));

/** Filters of the subscriptions: status, and the active ones ending within 30 days. */
export function AbonnementFilters({ filters, onFilter }: Props) {
  return (
    <>
      <Dropdown
        value={filters['statut'] ?? null}
        options={STATUS_OPTIONS}
        onChange={(e) => onFilter('statut', (e.value as string | null) ?? null)}
        placeholder="Tous les statuts"
        showClear
        aria-label="Filtrer par statut"
      />
      <span className="flex align-items-center gap-2">
        <InputSwitch
          inputId="abonnements-expirant"
          checked={filters['expirant'] === EXPIRING_DAYS}
          onChange={(e) => onFilter('expirant', e.value ? EXPIRING_DAYS : null)}
        />
        <label htmlFor="abonnements-expirant">Expirant sous 30 jours</label>
      </span>
    </>
  );
}
