import { barcodeError } from '@comptoir/shared';
import { InputText } from 'primereact/inputtext';
import type { KeyboardEvent } from 'react';
import { fieldA11y } from '../../components/FormField';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The code was checked (scanner's Enter, or leaving the field): its French error, or null. */
  onChecked: (error: string | null) => void;
  /** id of the field that takes the focus after a good scan. */
  nextId: string;
  error?: string | null;
}

/**
 * The barcode, typed or scanned. A scanner types the digits then Enter: Enter never submits the
 * form here, it checks the code (EAN-13/EAN-8 check digit, else Code 128 text) and moves on to
 * the next field. Empty: the server generates an in-store EAN-13.
 */
export function BarcodeInput({ id, value, onChange, onChecked, nextId, error }: Props) {
  const check = () => {
    const code = value.trim();
    const found = code ? barcodeError(code) : null;
    onChecked(found);
    return found;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (check() === null) document.getElementById(nextId)?.focus();
  };
  return (
    <InputText
      id={id}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={check}
      inputMode="text"
      autoComplete="off"
      maxLength={48}
      placeholder="Scanner ou saisir ; vide : généré"
      className="w-full"
      invalid={Boolean(error)}
      {...fieldA11y(id, error)}
    />
  );
}
