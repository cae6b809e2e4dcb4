import { memo, useState, type InputHTMLAttributes } from 'react';

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'className'
>;

interface Props extends NativeProps {
  /** The value as shown while the field is not being edited ("1,5", "250"), '' when empty. */
  text: string;
  /** Each keystroke's text; the parent parses it (and ignores what is not a number yet). */
  onText: (text: string) => void;
  /** Text after the number (unit symbol), outside the field. */
  suffix?: string | undefined;
}

/**
 * A plain text input for the numbers of the cart's lines (quantity, discount). Each line used to
 * mount PrimeReact InputNumber/InputText, and every such mount rewrites PrimeReact's <style>
 * elements (same text), which makes Chromium restyle and lay out the whole page: ~20-40 ms per
 * scanned line. This field has the same classes and parses as you type; what is typed stays
 * shown while focused, the formatted value comes back on blur.
 */
export const NumberField = memo(function NumberField({
  text,
  onText,
  suffix,
  onBlur,
  ...rest
}: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const input = (
    <input
      {...rest}
      type="text"
      autoComplete="off"
      className="p-inputtext p-component w-full"
      value={draft ?? text}
      onChange={(e) => {
        setDraft(e.target.value);
        onText(e.target.value);
      }}
      onBlur={(e) => {
        setDraft(null);
        onBlur?.(e);
      }}
    />
  );
  if (!suffix) return input;
  return (
    <span className="doc-number p-inputgroup">
      {input}
      <span className="p-inputgroup-addon doc-number-suffix">{suffix}</span>
    </span>
  );
});

/** A number typed the French way ("1 234,5" or "1234.5") with at most `digits` decimals, scaled to an integer; null if it is not one. */
export function parseScaled(text: string, digits: number): number | null {
  const cleaned = text.replace(/[\s\u00A0\u202F]/g, '').replace(',', '.');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > digits) return null;
  const value = Number(whole + fraction.padEnd(digits, '0'));
  return Number.isSafeInteger(value) ? value : null;
}

/** An integer scaled by 10^digits shown the French way, without grouping (easy to edit): 1500, 3 → "1,5". */
export function formatScaled(value: number, digits: number): string {
  const scale = 10 ** digits;
  const whole = Math.trunc(value / scale);
  const fraction = String(Math.abs(value % scale))
    .padStart(digits, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole},${fraction}` : String(whole);
}
