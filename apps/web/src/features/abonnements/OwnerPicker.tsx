import type { UserItem } from '@comptoir/shared';
import { Dropdown } from 'primereact/dropdown';
import { useMemo, useState } from 'react';
import { fieldA11y } from '../../components/FormField';
import { useDebounced } from '../../lib/use-debounced';
import { useOwnerChoices } from './api';

interface Props {
  inputId: string;
  value: number | null;
  onChange: (ownerId: number | null) => void;
  error?: string | undefined;
}

interface Option {
  value: number;
  label: string;
}

const optionOf = (u: UserItem): Option => ({
  value: u.id,
  label: `${u.prenom} ${u.nom} — ${u.email}`,
});

/** An owner, searched on the server by name or e-mail as one types in the drop-down's filter. */
export function OwnerPicker({ inputId, value, onChange, error }: Props) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const owners = useOwnerChoices(q);
  // The chosen owner stays among the options whatever the search shows.
  const [chosen, setChosen] = useState<Option | null>(null);
  const options = useMemo(() => {
    const found = (owners.data ?? []).map(optionOf);
    return chosen && !found.some((o) => o.value === chosen.value) ? [chosen, ...found] : found;
  }, [owners.data, chosen]);

  return (
    <Dropdown
      inputId={inputId}
      value={value}
      options={options}
      onChange={(e) => {
        const id = (e.value as number | null) ?? null;
        setChosen(options.find((o) => o.value === id) ?? null);
        onChange(id);
      }}
      filter
      onFilter={(e) => setSearch(e.filter)}
      filterPlaceholder="Nom ou adresse e-mail"
      emptyFilterMessage={owners.isFetching ? 'Recherche…' : 'Aucun propriétaire'}
      emptyMessage="Aucun propriétaire"
      placeholder="Choisir un propriétaire"
      className="w-full"
      invalid={Boolean(error)}
      {...fieldA11y(inputId, error)}
    />
  );
}
