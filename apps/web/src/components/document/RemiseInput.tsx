import type { Remise } from '@comptoir/shared';
import { memo } from 'react';
import { moneyDigits, currencySymbol } from '../../lib/money-input';
import { NumberField, formatScaled, parseScaled } from './NumberField';

interface Props {
  id: string;
  label: string;
  value: Remise | null;
  onChange: (remise: Remise | null) => void;
  devise: string;
}

/** A discount: an amount in the shop's currency, or a percentage (sent in basis points). */
export const RemiseInput = memo(function RemiseInput({
  id,
  label,
  value,
  onChange,
  devise,
}: Props) {
  const type = value?.type ?? 'montant';
  const unit = currencySymbol(devise);
  // A percentage is kept in basis points (2 decimals), an amount in minor units (the currency's decimals).
  const digits = type === 'pourcent' ? 2 : moneyDigits(devise);
  const onText = (text: string) => {
    const v = text.trim() === '' ? 0 : parseScaled(text, digits);
    if (v === null) return;
    if (v === 0) return onChange(value ? { type, valeur: 0 } : null);
    onChange({ type, valeur: type === 'pourcent' ? Math.min(10000, v) : v });
  };
  return (
    <div className="doc-remise p-inputgroup">
      <NumberField
        id={id}
        aria-label={label}
        inputMode="decimal"
        placeholder="Remise"
        text={value === null ? '' : formatScaled(value.valeur, digits)}
        onText={onText}
      />
      <button
        type="button"
        className="p-button p-button-outlined p-button-secondary doc-remise-type"
        aria-label={`${label} : ${type === 'pourcent' ? 'en pourcentage' : 'en montant'} (changer)`}
        onClick={() => onChange({ type: type === 'pourcent' ? 'montant' : 'pourcent', valeur: 0 })}
      >
        {type === 'pourcent' ? '%' : unit}
      </button>
    </div>
  );
});

/** « Remise globale » of a document: its label and the discount input, side by side with the totals. */
export function RemiseGlobaleField(props: Omit<Props, 'label'>) {
  return (
    <div style={{ maxWidth: '18rem' }}>
      <label htmlFor={props.id}>Remise globale</label>
      <RemiseInput {...props} label="Remise globale" />
    </div>
  );
}
