import { PERIODES, PERIODE_LABELS, type Periode } from '@comptoir/shared';
import { SelectButton } from 'primereact/selectbutton';

/** The period of the dashboard: the five choices, and the two days of « Personnalisée ». */

interface Props {
  periode: Periode;
  du: string;
  au: string;
  onChange: (next: { periode: Periode; du?: string; au?: string }) => void;
}

export function PeriodePicker({ periode, du, au, onChange }: Props) {
  return (
    <div className="flex flex-wrap align-items-center gap-2" data-testid="periode-picker">
      <SelectButton
        value={periode}
        allowEmpty={false}
        options={PERIODES.map((p) => ({ label: PERIODE_LABELS[p], value: p }))}
        onChange={(e) => onChange({ periode: e.value as Periode, du, au })}
        aria-label="Période"
      />
      {periode === 'personnalisee' && (
        <>
          <label className="flex align-items-center gap-1">
            Du
            <input
              type="date"
              className="p-inputtext"
              value={du}
              onChange={(e) => onChange({ periode, du: e.target.value, au })}
            />
          </label>
          <label className="flex align-items-center gap-1">
            au
            <input
              type="date"
              className="p-inputtext"
              value={au}
              onChange={(e) => onChange({ periode, du, au: e.target.value })}
            />
          </label>
        </>
      )}
    </div>
  );
}
