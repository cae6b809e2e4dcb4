import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * A phone number in international E.164 form (+221771234567), read with the shop's country as
 * default when typed without its country code; null when it is not a valid number.
 */
export function normalizePhone(text: string, defaultCountry?: string | null): string | null {
  const parsed = parsePhoneNumberFromString(
    text,
    defaultCountry ? (defaultCountry.toUpperCase() as CountryCode) : undefined,
  );
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

export const PHONE_INVALID_MESSAGE =
  "Le numéro de téléphone n'est pas valide (indiquez l'indicatif du pays s'il n'est pas celui de la boutique, ex. +221 77 123 45 67).";
