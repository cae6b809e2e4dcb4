import { QUANTITY_SCALE, parseQuantity } from '@comptoir/shared';

/**
 * Quantities typed in an InputNumber (1.5 kg) ↔ the API's thousandths (1500), through the shared
 * exact parser: no float drift. A unit that is not fractional (pièce, carton) takes whole numbers.
 */
export function toThousandths(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return parseQuantity(value.toFixed(3));
}

export function fromThousandths(thousandths: number | null | undefined): number | null {
  if (thousandths === null || thousandths === undefined) return null;
  return thousandths / QUANTITY_SCALE;
}

/** Decimals a quantity input allows: 3 for kg or litre, none for pieces. */
export const quantityDigits = (fractionnable: boolean): number => (fractionnable ? 3 : 0);
