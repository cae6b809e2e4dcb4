/**
 * The French sort key of a name: keys compared code point by code point (SQLite's BINARY, the
 * "C" collation of PostgreSQL, `compareFrench` here) give the order a French reader expects, the
 * same on both databases and in the browser (« eau », « Émile », « Éric », « œuf », « Zongo »).
 *
 * Three levels, as a collation does (CLDR, French of France): first the letters with accents and
 * case folded (œ and æ read oe and ae); then the accents, letter by letter (none < aigu < grave <
 * circonflexe < tréma < cédille); then the case (lower before upper; a ligature after its two
 * letters). The levels are joined by U+0001, below every character of a name, so that a name that
 * begins another sorts first (« eau » before « eau de vie »).
 */
const LEVEL = '\u0001';

const ACCENTS: Readonly<Record<string, string>> = {
  '\u0301': '1', // aigu
  '\u0300': '2', // grave
  '\u0302': '3', // circonflexe
  '\u0308': '4', // tréma
  '\u0327': '5', // cédille
};

const LIGATURES: Readonly<Record<string, string>> = { œ: 'oe', Œ: 'oe', æ: 'ae', Æ: 'ae', ß: 'ss' };

const isMark = (ch: string) => ch >= '\u0300' && ch <= '\u036f';

export function frenchSortKey(name: string): string {
  const text = name
    .replace(/\s+/g, ' ')
    // eslint-disable-next-line no-control-regex -- control characters carry no letter
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .normalize('NFD');
  let primary = '';
  let accents = '';
  let cases = '';
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const base = chars[i]!;
    let marks = '';
    while (i + 1 < chars.length && isMark(chars[i + 1]!)) marks += chars[++i];
    const ligature = LIGATURES[base];
    const letters = [...(ligature ?? base.toLowerCase())];
    const upper = base !== base.toLowerCase();
    const accent = marks === '' ? '0' : (ACCENTS[marks[0]!] ?? '6');
    const kase = (ligature ? 2 : 0) + (upper ? 1 : 0);
    primary += letters.join('');
    accents += accent.repeat(letters.length);
    cases += String(kase).repeat(letters.length);
  }
  return `${primary}${LEVEL}${accents}${LEVEL}${cases}`;
}

/** Compares two sort keys code point by code point, as the databases do (not by UTF-16 unit). */
export function compareSortKeys(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** The French order of two names (the web client's local sorts). */
export const compareFrench = (a: string, b: string): number =>
  compareSortKeys(frenchSortKey(a), frenchSortKey(b));
