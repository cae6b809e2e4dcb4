import { InputNumber } from 'primereact/inputnumber';
import { moneyDigits, toMajor, toMinor, currencySymbol } from '../../lib/money-input';

interface Props {
  id: string;
  value: number | null;
  onChange: (minor: number | null) => void;
  devise: string;
}

/**
 * An amount of the payment dialog, in the shop's currency, that reports every keystroke (the
 * change to give back follows the typing, not the leaving of the field).
 */
export function LiveMoneyInput({ id, value, onChange, devise }: Props) {
  const digits = moneyDigits(devise);
  return (
    <InputNumber
      inputId={id}
      value={toMajor(value, devise)}
      onChange={(e) => onChange(toMinor(e.value ?? null, devise))}
      onValueChange={(e) => onChange(toMinor(e.value ?? null, devise))}
      mode="decimal"
      locale="fr-FR"
      minFractionDigits={digits}
      maxFractionDigits={digits}
      min={0}
      suffix={`\u00A0${currencySymbol(devise)}`}
      className="w-full"
      inputClassName="w-full"
    />
  );
}
