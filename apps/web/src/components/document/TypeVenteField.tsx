import type { TypeVente } from '@comptoir/shared';
import { Dropdown } from 'primereact/dropdown';
import { FormField } from '../FormField';

interface Props {
  id: string;
  value: number | null;
  types: readonly TypeVente[];
  error?: string | undefined;
  className: string;
  onChange: (typeVenteId: number) => void;
}

/** « Type de vente » of a document: its prices (retail, wholesale…). */
export function TypeVenteField({ id, value, types, error, className, onChange }: Props) {
  return (
    <FormField id={id} label="Type de vente" error={error} className={className}>
      <Dropdown
        inputId={id}
        value={value}
        options={types.map((t) => ({ value: t.id, label: t.nom }))}
        onChange={(e) => onChange(e.value as number)}
        className="w-full"
      />
    </FormField>
  );
}
