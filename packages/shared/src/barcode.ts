/**
 * Barcodes of products: EAN-13 and EAN-8 (check digit verified), Code 128 (printable ASCII), and
 * in-store EAN-13 codes (GS1 prefixes 20–29, reserved for use inside a shop).
 */

export const BARCODE_MAX_LENGTH = 48;

/** The GS1 check digit of the digits before it (EAN-8, EAN-13: weights 3 and 1 from the right). */
export function eanCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

const hasValidCheckDigit = (code: string) =>
  eanCheckDigit(code.slice(0, -1)) === Number(code[code.length - 1]);

export const isValidEan13 = (code: string): boolean =>
  /^\d{13}$/.test(code) && hasValidCheckDigit(code);
export const isValidEan8 = (code: string): boolean =>
  /^\d{8}$/.test(code) && hasValidCheckDigit(code);

/** Lengths of a GTIN (EAN-8, UPC-A, EAN-13, GTIN-14): what a barcode of digits may have been. */
export const GTIN_LENGTHS: readonly number[] = [8, 12, 13, 14];

/**
 * An all-digit code left-padded with zeros to each longer GTIN length: the barcodes it may have
 * been before a spreadsheet stored it as a number and dropped its leading zeros
 * ('12345678905' → '012345678905', '0012345678905', '00012345678905'); [] for any other code.
 */
export function gtinZeroPaddings(code: string): string[] {
  if (!/^\d+$/.test(code)) return [];
  return GTIN_LENGTHS.filter((n) => n > code.length).map((n) => code.padStart(n, '0'));
}

/** Code 128 encodes printable ASCII (space to tilde). */
export const isCode128Text = (code: string): boolean =>
  code.length > 0 && code.length <= BARCODE_MAX_LENGTH && /^[\x20-\x7E]+$/.test(code);

/** An in-store EAN-13: prefix 20 to 29, GS1's range for codes a shop assigns itself. */
export const isInStoreEan13 = (code: string): boolean => isValidEan13(code) && code.startsWith('2');

/**
 * Why a barcode is refused, in French, or null when it is acceptable. 8 or 13 digits are read as
 * EAN-8 / EAN-13 and must carry a valid check digit; anything else must be Code 128 text.
 */
export function barcodeError(code: string): string | null {
  if (/^\d{13}$/.test(code)) {
    return isValidEan13(code)
      ? null
      : `La clé de contrôle du code EAN-13 est fausse (attendue : ${eanCheckDigit(code.slice(0, 12))}).`;
  }
  if (/^\d{8}$/.test(code)) {
    return isValidEan8(code)
      ? null
      : `La clé de contrôle du code EAN-8 est fausse (attendue : ${eanCheckDigit(code.slice(0, 7))}).`;
  }
  if (code.length > BARCODE_MAX_LENGTH)
    return `Le code-barres ne peut pas dépasser ${BARCODE_MAX_LENGTH} caractères.`;
  if (!isCode128Text(code))
    return 'Le code-barres ne peut contenir que des lettres sans accent, des chiffres et des signes simples (Code 128).';
  return null;
}

/**
 * An in-store EAN-13 from a prefix digit (0–9: codes 20 to 29) and a number of up to 10 digits.
 * `random` lets a caller draw one: `inStoreEan13(0, Math.floor(Math.random() * 1e10))`.
 */
export function inStoreEan13(prefixDigit: number, value: number): string {
  if (!Number.isInteger(prefixDigit) || prefixDigit < 0 || prefixDigit > 9)
    throw new RangeError('Préfixe 20 à 29');
  if (!Number.isInteger(value) || value < 0 || value >= 1e10)
    throw new RangeError('Numéro de 10 chiffres au plus');
  const body = `2${prefixDigit}${String(value).padStart(10, '0')}`;
  return `${body}${eanCheckDigit(body)}`;
}

/** A random in-store EAN-13 (prefix 20–29); the caller checks it is free in the shop. */
export function randomInStoreEan13(random: () => number = Math.random): string {
  return inStoreEan13(Math.floor(random() * 10), Math.floor(random() * 1e10));
}
