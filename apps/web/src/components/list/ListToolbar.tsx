import { Button } from 'primereact/button';
import { useId, useState, type ReactNode } from 'react';
import { useIsPhone } from '../../lib/use-phone';
import './list.css';

interface Props {
  /** The search box, always visible. */
  search: ReactNode;
  /** The filters: folded behind one « Filtres » button on a phone. */
  children?: ReactNode;
  /** Filters set, counted on the button (`list.state.filters`). */
  filters?: Readonly<Record<string, string>>;
}

/**
 * Search and filters above a list. On a phone the filters fold behind one « Filtres » button (with
 * the number of filters set); they stay mounted, so an open filter keeps its state.
 */
export function ListToolbar({ search, children, filters }: Props) {
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  const id = useId();
  const active = filters ? Object.values(filters).filter((v) => v !== '').length : 0;
  return (
    <div className="list-toolbar">
      {search}
      {children && phone && (
        <Button
          type="button"
          label={active > 0 ? `Filtres (${active})` : 'Filtres'}
          icon="pi pi-filter"
          outlined
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        />
      )}
      {children && (
        <div
          id={id}
          className={phone ? (open ? 'list-filters list-filters-open' : 'hidden') : 'list-filters'}
        >
          {children}
        </div>
      )}
    </div>
  );
}
