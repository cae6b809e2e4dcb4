import type { RemiseInput as Remise } from '@comptoir/shared';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import {
  basisPointsToPercent,
  currencySymbol,
  moneyDigits,
  percentToBasisPoints,
  toMajor,
  toMinor,
} from '../../lib/money-input';

interface Props {
  id: string;
  label: string;
  value: Remise | null;
  onChange: (remise: Remise | null) => void;
  devise: string;
}

/** A discount: an amount in the shop's currency, or a percentage (sent in basis points). */
export function RemiseInput({ id, label, value, onChange, devise }: Props) {
  const type = value?.type ?? 'montant';
  const shown =
    value === null
      ? null
      : type === 'pourcent'
        ? basisPointsToPercent(value.valeur)
        : toMajor(value.valeur, devise);
  const set = (t: 'montant' | 'pourcent', n: number | null | undefined) => {
    if (n === null || n === undefined) return onChange(t === type ? null : { type: t, valeur: 0 });
    onChange({
      type: t,
      valeur: t === 'pourcent' ? percentToBasisPoints(n) : (toMinor(n, devise) ?? 0),
    });
  };
  return (
    <div className="p-inputgroup">
      <InputNumber
        inputId={id}
        value={shown}
        onValueChange={(e) => set(type, e.value)}
        mode="decimal"
        locale="fr-FR"
        min={0}
        max={type === 'pourcent' ? 100 : undefined}
        maxFractionDigits={type === 'pourcent' ? 2 : moneyDigits(devise)}
        aria-label={label}
        inputClassName="w-full"
        style={{ minWidth: '5rem' }}
      />
      <Dropdown
        value={type}
        options={[
          { value: 'montant', label: currencySymbol(devise) },
          { value: 'pourcent', label: '%' },
        ]}
        onChange={(e) => set(e.value as 'montant' | 'pourcent', null)}
        aria-label={`Type de ${label.toLowerCase()}`}
        style={{ maxWidth: '7rem' }}
      />
    </div>
  );
}
