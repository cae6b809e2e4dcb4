import { Calendar } from 'primereact/calendar';
import { fromIsoDay, toIsoDay } from '../../lib/dates';
import { searchClients, useClient } from '../document/clients';
import { TiersPicker } from '../document/TiersPicker';

/** Filters shared by the document lists (sales, invoices): a day bound, a customer. */

interface DayProps {
  /** The list's prefix of ids (`ventes` → `ventes-du`). */
  prefix: string;
  bound: 'du' | 'au';
  value: string | undefined;
  onFilter: (key: string, value: string | null) => void;
}

/** « Du » or « Au »: a day typed or picked (dd/mm/yyyy), kept as 'YYYY-MM-DD'. */
export function DayFilter({ prefix, bound, value, onFilter }: DayProps) {
  return (
    <Calendar
      inputId={`${prefix}-${bound}`}
      value={fromIsoDay(value)}
      onChange={(e) => onFilter(bound, e.value instanceof Date ? toIsoDay(e.value) : null)}
      dateFormat="dd/mm/yy"
      placeholder={bound === 'du' ? 'Du' : 'Au'}
      aria-label={bound === 'du' ? 'Du (jour)' : 'Au (jour)'}
      showIcon
      showButtonBar
    />
  );
}

interface ClientProps {
  serviceId: number;
  prefix: string;
  /** The `clientId` filter of the URL. */
  value: string | null;
  onFilter: (key: string, value: string | null) => void;
}

/** The customer filter: found by name or phone; the chosen one shown by name after a reload. */
export function ClientFilter({ serviceId, prefix, value, onFilter }: ClientProps) {
  const client = useClient(serviceId, value);
  return (
    <span className="inline-block" style={{ minWidth: '14rem' }} aria-label="Filtrer par client">
      <TiersPicker
        type="client"
        inputId={`${prefix}-client`}
        search={(q) => searchClients(serviceId, q)}
        value={
          client.data && value !== null
            ? { id: client.data.id, nom: client.data.nom, telephone: client.data.telephone }
            : null
        }
        onChange={(c) => onFilter('clientId', c ? String(c.id) : null)}
        placeholder="Tous les clients"
      />
    </span>
  );
}
