import { COUNTRY_CODES, FIRST_COUNTRIES, compareFrench, type CountryCode } from '@comptoir/shared';

/** Country names in French (from the browser's Intl), the usual countries of Comptoir first. */
const names = new Intl.DisplayNames(['fr'], { type: 'region' });

export const countryName = (code: string): string => {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
};

const first = new Set<string>(FIRST_COUNTRIES);
const option = (code: CountryCode) => ({ value: code, label: countryName(code) });

export const COUNTRY_OPTIONS = [
  ...FIRST_COUNTRIES.map(option),
  ...COUNTRY_CODES.filter((c) => !first.has(c))
    .map(option)
    .sort((a, b) => compareFrench(a.label, b.label)),
];

/**
 * Which legal identifiers a shop of that country shows: SIRET and TVA intracom in France,
 * NINEA and RCCM in the OHADA countries of West and Central Africa, none elsewhere.
 */
export type LegalKind = 'fr' | 'ohada' | null;
const OHADA: ReadonlySet<string> = new Set([
  'BJ',
  'BF',
  'CI',
  'GW',
  'ML',
  'NE',
  'SN',
  'TG',
  'CM',
  'CF',
  'CG',
  'GA',
  'GQ',
  'TD',
  'KM',
  'GN',
  'CD',
]);

export function legalKind(pays: string | null | undefined): LegalKind {
  if (pays === 'FR') return 'fr';
  return pays && OHADA.has(pays) ? 'ohada' : null;
}
