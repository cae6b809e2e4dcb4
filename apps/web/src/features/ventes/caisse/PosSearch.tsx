import { formatMoney, type Produit } from '@comptoir/shared';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { forwardRef, memo, useState, type KeyboardEvent } from 'react';
import { useDebounced } from '../../../lib/use-debounced';
import { useSuggestions, type ProductCache } from './api';
import { looksLikeBarcode } from './cart';

interface Props {
  serviceId: number;
  devise: string;
  cache: ProductCache;
  /** A scanned or typed barcode (digits then Enter). */
  onScan: (code: string) => void;
  /** A product picked among the matches. */
  onPick: (produit: Produit) => void;
  /** Enter with a text that matched nothing yet: search now, add the first match. */
  onFirstMatch: (text: string) => void;
}

/**
 * The search field of the point of sale. A scanner types digits then Enter: the code is looked
 * up at once. Other text shows matching products as you type (debounced, ↑ ↓ then Enter). Its
 * text lives here, so a keystroke re-renders nothing else.
 */
export const PosSearch = memo(
  forwardRef<HTMLInputElement, Props>(function PosSearch(
    { serviceId, devise, cache, onScan, onPick, onFirstMatch },
    ref,
  ) {
    const [text, setText] = useState('');
    const [active, setActive] = useState(0);
    const q = useDebounced(text.trim(), 150);
    const searching = q.length > 0 && !looksLikeBarcode(q);
    const suggestions = useSuggestions(serviceId, searching ? q : '', cache);
    const items = searching && text.trim() ? (suggestions.data ?? []) : [];
    const open = items.length > 0;
    // The list stays on the previous text's matches (dimmed) while the current text's are on their
    // way: ↑ ↓ wait, and Enter acts on the text itself (its first match), never on a product the
    // text no longer names (« s » listed « Huile remise » first; « savon » + Enter added it).
    const current = open && q === text.trim() && !suggestions.isPlaceholderData;

    const done = () => {
      setText('');
      setActive(0);
    };

    const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'ArrowDown' && current) {
        e.preventDefault();
        setActive((i) => Math.min(items.length - 1, i + 1));
      } else if (e.key === 'ArrowUp' && current) {
        e.preventDefault();
        setActive((i) => Math.max(0, i - 1));
      } else if (e.key === 'Escape') {
        done();
      } else if (e.key === 'Enter') {
        e.preventDefault();
        const value = text.trim();
        if (!value) return;
        if (looksLikeBarcode(value)) onScan(value);
        else if (current) onPick(items[Math.min(active, items.length - 1)]!);
        else onFirstMatch(value);
        done();
      }
    };

    return (
      <div className="pos-search">
        <IconField iconPosition="left" className="w-full">
          <InputIcon className="pi pi-search" />
          <input
            ref={ref}
            id="pos-search"
            className="p-inputtext p-component w-full pos-search-input"
            type="search"
            autoComplete="off"
            aria-label="Rechercher ou scanner un produit"
            placeholder="Scanner un code-barres ou taper un nom (F2)"
            role="combobox"
            aria-expanded={open}
            aria-controls="pos-suggestions"
            aria-activedescendant={open ? `pos-suggestion-${active}` : undefined}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
        </IconField>
        {open && (
          <ul
            id="pos-suggestions"
            role="listbox"
            aria-label="Produits correspondants"
            aria-busy={!current}
            className={current ? 'pos-suggestions' : 'pos-suggestions is-stale'}
          >
            {items.map((p, i) => (
              <li
                key={p.id}
                id={`pos-suggestion-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'is-active' : undefined}
                onMouseDown={(e) => {
                  e.preventDefault();
                  onPick(p);
                  done();
                }}
              >
                <span>{p.nom}</span>
                <span className="text-color-secondary">{p.codeBarres}</span>
                <strong>{formatMoney(p.prixVente, devise)}</strong>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }),
);
