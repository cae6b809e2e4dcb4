import { ROLES, ROLE_LABELS } from '@comptoir/shared';
import { Dropdown } from 'primereact/dropdown';

interface Props {
  showRole: boolean;
  filters: Readonly<Record<string, string>>;
  onFilter: (key: string, value: string | null) => void;
}

const ROLE_OPTIONS = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Actifs' },
  { value: 'false', label: 'Désactivés' },
];

/** Filters of the users list: role (administrator only) and status. */
export function UsersFilters({ showRole, filters, onFilter }: Props) {
  return (
    <>
      {showRole && (
        <Dropdown
          value={filters['role'] ?? null}
          options={ROLE_OPTIONS}
          onChange={(e) => onFilter('role', (e.value as string | null) ?? null)}
          placeholder="Tous les rôles"
          showClear
          aria-label="Filtrer par rôle"
        />
      )}
      <Dropdown
        value={filters['active'] ?? null}
        options={ACTIVE_OPTIONS}
        onChange={(e) => onFilter('active', (e.value as string | null) ?? null)}
        placeholder="Tous les statuts"
        showClear
        aria-label="Filtrer par statut"
      />
    </>
  );
}
