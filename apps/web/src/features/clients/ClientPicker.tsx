import type { Client, ClientPage } from '@comptoir/shared';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { useState } from 'react';
import { http } from '../../lib/http';
import { shopPath } from '../../lib/shop';

export interface ClientRef {
  id: number;
  nom: string;
  telephone: string | null;
}

interface Props {
  serviceId: number;
  inputId: string;
  value: ClientRef | null;
  onChange: (client: ClientRef | null) => void;
  placeholder?: string;
  invalid?: boolean;
}

const NONE: ClientRef[] = [];
const label = (c: ClientRef) => (c.telephone ? `${c.nom} (${c.telephone})` : c.nom);

/** A customer of the shop, found by name, phone or e-mail as one types. */
export function ClientPicker({
  serviceId,
  inputId,
  value,
  onChange,
  placeholder = 'Nom ou téléphone',
  invalid = false,
}: Props) {
  const [text, setText] = useState<string>('');
  const q = text.trim();
  const found = useQuery({
    queryKey: ['clients', serviceId, 'picker', q],
    queryFn: () =>
      http.get<ClientPage>(shopPath(serviceId, 'clients'), {
        query: { page: 1, size: 10, q, actif: true },
      }),
    enabled: q.length > 0,
    select: (page) =>
      page.items.map((c: Client): ClientRef => ({ id: c.id, nom: c.nom, telephone: c.telephone })),
  });
  return (
    <AutoComplete
      inputId={inputId}
      value={value ?? text}
      suggestions={found.data ?? NONE}
      completeMethod={(e) => setText(e.query)}
      itemTemplate={(c: ClientRef) => label(c)}
      selectedItemTemplate={(c: ClientRef) => c.nom}
      field="nom"
      onChange={(e) => {
        if (typeof e.value === 'string') {
          setText(e.value);
          if (value) onChange(null);
        } else onChange((e.value as ClientRef | null) ?? null);
      }}
      onClear={() => {
        setText('');
        onChange(null);
      }}
      placeholder={placeholder}
      forceSelection={false}
      delay={150}
      invalid={invalid}
      className="w-full"
      inputClassName="w-full"
    />
  );
}
