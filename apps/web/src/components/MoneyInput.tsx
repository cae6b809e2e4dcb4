import { InputNumber } from 'primereact/inputnumber';
import { fieldA11y } from './FormField';
import { moneyDigits, toMajor, toMinor, currencySymbol } from '../lib/money-input';

interface Props {
  id: string;
  /** Minor units of `devise` (cents, or francs CFA), or null when empty. */
  value: number | null;
  onChange: (minor: number | null) => void;
  devise: string;
  error?: string | null;
  /**
   * Reports every keystroke, not only the leaving of the field (the payment editor: the change
   * to give back follows the typing).
   */
  live?: boolean;
}

/** An amount in the shop's currency, typed in major units, sent in minor units. */
export function MoneyInput({ id, value, onChange, devise, error, live = false }: Props) {
  const digits = moneyDigits(devise);
  return (
    <InputNumber
      inputId={id}
      value={toMajor(value, devise)}
      onValueChange={(e) => onChange(toMinor(e.value ?? null, devise))}
      {...(live ? { onChange: (e) => onChange(toMinor(e.value ?? null, devise)) } : {})}
      mode="decimal"
      locale="fr-FR"
      minFractionDigits={digits}
      maxFractionDigits={digits}
      min={0}
      suffix={`\u00A0${currencySymbol(devise)}`}
      className="w-full"
      inputClassName="w-full"
      invalid={Boolean(error)}
      {...fieldA11y(id, error)}
    />
  );
}
