import { InputNumber } from 'primereact/inputnumber';
import { fieldA11y } from './FormField';
import { fromThousandths, quantityDigits, toThousandths } from '../lib/quantity-input';

interface Props {
  id: string;
  /** Thousandths (1,5 kg = 1500), or null when empty. */
  value: number | null;
  onChange: (thousandths: number | null) => void;
  /** 3 decimals for kg or litre, whole numbers otherwise. */
  fractionnable: boolean;
  /** Unit symbol shown after the number. */
  suffix?: string;
  min?: number;
  error?: string | null;
}

/** A quantity in the product's unit, sent in thousandths. */
export function QuantityInput({ id, value, onChange, fractionnable, suffix, min, error }: Props) {
  const digits = quantityDigits(fractionnable);
  return (
    <InputNumber
      inputId={id}
      value={fromThousandths(value)}
      onValueChange={(e) => onChange(toThousandths(e.value))}
      mode="decimal"
      locale="fr-FR"
      minFractionDigits={0}
      maxFractionDigits={digits}
      min={min}
      suffix={suffix ? `\u00A0${suffix}` : undefined}
      className="w-full"
      inputClassName="w-full"
      invalid={Boolean(error)}
      {...fieldA11y(id, error)}
    />
  );
}
