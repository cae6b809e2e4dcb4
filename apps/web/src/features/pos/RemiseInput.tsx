import type { Remise } from '@comptoir/shared';
import { InputNumber } from 'primereact/inputnumber';
import { moneyDigits, toMajor, toMinor } from '../../lib/money-input';

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
  const fcfa = devise === 'XOF' || devise === 'XAF';
  const unit = fcfa ? 'FCFA' : devise === 'EUR' ? '€' : devise;
  const shown = value === null ? null : type === 'pourcent' ? value.valeur / 100 : toMajor(value.valeur, devise);
  const set = (v: number | null) => {
    if (v === null || v <= 0) return onChange(value ? { type, valeur: 0 } : null);
    onChange(type === 'pourcent' ? { type, valeur: Math.min(10000, Math.round(v * 100)) } : { type, valeur: toMinor(v, devise) ?? 0 });
  };
  return (
    <div className="pos-remise p-inputgroup">
      <InputNumber
        inputId={id}
        aria-label={label}
        value={shown}
        onChange={(e) => set(e.value ?? null)}
        onValueChange={(e) => set(e.value ?? null)}
        mode="decimal"
        locale="fr-FR"
        minFractionDigits={0}
        maxFractionDigits={type === 'pourcent' ? 2 : moneyDigits(devise)}
        min={0}
        max={type === 'pourcent' ? 100 : undefined}
        placeholder="Remise"
        inputClassName="w-full"
      />
      <button
        type="button"
        className="p-button p-button-outlined p-button-secondary pos-remise-type"
        aria-label={`${label} : ${type === 'pourcent' ? 'en pourcentage' : 'en montant'} (changer)`}
        onClick={() => onChange({ type: type === 'pourcent' ? 'montant' : 'pourcent', valeur: 0 })}
      >
        {type === 'pourcent' ? '%' : unit}
      </button>
    </div>
  );
}
