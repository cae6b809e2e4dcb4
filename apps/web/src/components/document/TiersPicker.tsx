import { TIERS_LABELS, libelleTiers, type TiersRef, type TypeTiers } from '@comptoir/shared';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { useRef, useState } from 'react';
import { NewTiersDialog, type NewTiers } from './NewTiersDialog';

export type { NewTiers };

interface Props {
  /** A customer (sale, quote, invoice) or a supplier (purchase). */
  type: TypeTiers;
  inputId: string;
  value: TiersRef | null;
  onChange: (tiers: TiersRef | null) => void;
  /** Matches of a name or a phone (the latest answer wins). */
  search: (q: string) => Promise<TiersRef[]>;
  /** Creates one with a name and a phone; without it, no « Nouveau » button. */
  create?: (body: NewTiers) => Promise<TiersRef>;
  /** After a choice (the POS: back to its search field). */
  onDone?: () => void;
  placeholder?: string;
  /** When no visible label names the field. */
  ariaLabel?: string;
  invalid?: boolean;
}

const noop = () => undefined;

/**
 * The party of a document: found by name or phone as one types, removed, or created on the spot
 * with a name and a phone (a possible duplicate is confirmed first).
 */
export function TiersPicker({
  type,
  inputId,
  value,
  onChange,
  search,
  create,
  onDone = noop,
  placeholder,
  ariaLabel,
  invalid = false,
}: Props) {
  const labels = TIERS_LABELS[type];
  const [text, setText] = useState<string | TiersRef>(value ?? '');
  const [found, setFound] = useState<TiersRef[]>([]);
  const [creating, setCreating] = useState(false);
  const lastSearch = useRef(0);

  if (value && typeof text === 'string' && text === '') setText(value);
  if (!value && typeof text !== 'string') setText('');

  return (
    <div className="doc-tiers">
      <div className="p-inputgroup">
        <AutoComplete
          inputId={inputId}
          aria-label={ariaLabel}
          placeholder={placeholder}
          value={text}
          suggestions={found}
          field="nom"
          itemTemplate={(t: TiersRef) => libelleTiers(t)}
          selectedItemTemplate={(t: TiersRef) => t.nom}
          completeMethod={(e) => {
            // Answers can arrive out of order: only the one for the latest text fills the list.
            const ticket = ++lastSearch.current;
            void search(e.query).then((items) => {
              if (ticket === lastSearch.current) setFound(items);
            });
          }}
          onChange={(e) => {
            setText(e.value as string | TiersRef);
            if (typeof e.value === 'string' && value) onChange(null);
          }}
          onSelect={(e) => {
            onChange(e.value as TiersRef);
            onDone();
          }}
          delay={200}
          invalid={invalid}
          className="w-full"
          inputClassName="w-full"
        />
        {value ? (
          <Button
            type="button"
            icon="pi pi-times"
            severity="secondary"
            outlined
            aria-label={`Retirer ${labels.le}`}
            onClick={() => {
              onChange(null);
              onDone();
            }}
          />
        ) : (
          create && (
            <Button
              type="button"
              icon="pi pi-user-plus"
              severity="secondary"
              outlined
              aria-label={labels.nouveau}
              onClick={() => setCreating(true)}
            />
          )
        )}
      </div>
      {creating && create && (
        <NewTiersDialog
          type={type}
          initial={typeof text === 'string' ? text : ''}
          create={create}
          onClose={() => {
            setCreating(false);
            onDone();
          }}
          onCreated={(t) => {
            onChange(t);
            setText(t);
            setCreating(false);
            onDone();
          }}
        />
      )}
    </div>
  );
}
