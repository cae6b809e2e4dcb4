import { Calendar } from 'primereact/calendar';
import { fromIsoDay, toIsoDay, todayIso } from '../../lib/dates';

interface Props {
  id: string;
  /** 'YYYY-MM-DD', or null/'' when none. */
  value: string | null;
  onChange: (day: string | null) => void;
  invalid?: boolean;
}

/** The due date of what is left unpaid: a day from today on, typed or picked (jj/mm/aaaa). */
export function EcheanceInput({ id, value, onChange, invalid = false }: Props) {
  return (
    <Calendar
      inputId={id}
      value={fromIsoDay(value)}
      onChange={(e) => onChange(e.value instanceof Date ? toIsoDay(e.value) : null)}
      dateFormat="dd/mm/yy"
      minDate={fromIsoDay(todayIso()) ?? undefined}
      showIcon
      invalid={invalid}
    />
  );
}
