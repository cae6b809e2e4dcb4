import { CompiledQuery, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from './schema.js';

/**
 * Statements built by Kysely once per shape of their values, then run with new values (issue 18).
 * Building a statement with Kysely's query builder and compiling it costs 40 to 100 µs of the
 * server's only thread, for a text that never changes: a sale runs about ten such statements,
 * and every call reads its access the same way. `figee(construire)` builds the statement the first
 * time with a marker in place of each value, compiles it, and keeps its SQL and where each value
 * goes among its parameters; later calls of the same shape only put their values in place.
 *
 * The shape of the values is what may change the SQL: the keys of each object (an undefined value
 * is a column left out), the length of each array (rows of an insert, members of an `in`), which
 * values are null or undefined, and each boolean's value. `construire` receives those as they
 * are, and may choose what to build from them; every other value (numbers, texts, dates) arrives
 * as a marker, to be passed to Kysely and never looked at: a marker that does not come back as a
 * parameter (a value turned into SQL text, or used to choose what to build) makes the first call
 * fail, in the tests, rather than run a wrong statement. A null is part of the shape (Kysely writes
 * `is null` for some of them), unless `nullsEnValeurs`: a statement whose values are only rows
 * inserted or columns set, where a null is a parameter like any value (a cart's lines with or
 * without a barcode or a discount then share one shape).
 */

/** Where a parameter of the compiled statement comes from: a value of the call, or a constant. */
type Source = { valeur: number } | { constante: unknown };

interface Modele {
  sql: string;
  query: CompiledQuery['query'];
  sources: Source[];
}

/** The most shapes kept per statement; further shapes are built on each call, as before. */
const FORMES_MAX = 64;

const MARQUE = '\u0000figee:';
const marque = (i: number) => `${MARQUE}${i}\u0000`;

/** A value passed as is (a leaf): not walked into. */
const feuille = (v: unknown) =>
  v === null ||
  typeof v !== 'object' ||
  v instanceof Date ||
  ArrayBuffer.isView(v) ||
  v instanceof ArrayBuffer;

/** A walk of the values: their shape as a text, their leaves in order. */
interface Parcours {
  forme: string;
  feuilles: unknown[];
  nulls: boolean;
}

/**
 * Appends the shape of `v` to `p.forme` (each mark followed by U+0001) and pushes its leaves to
 * `p.feuilles`. Only arrays and plain objects are walked.
 */
function parcourir(v: unknown, p: Parcours): void {
  if (v === undefined) return void (p.forme += 'u\u0001');
  if (feuille(v)) {
    if (v === null && !p.nulls) return void (p.forme += 'n\u0001');
    if (typeof v === 'boolean') return void (p.forme += v ? 't\u0001' : 'f\u0001');
    p.forme += 'v\u0001';
    return void p.feuilles.push(v);
  }
  if (Array.isArray(v)) {
    p.forme += `[${v.length}\u0001`;
    for (const x of v) parcourir(x, p);
    return void (p.forme += ']\u0001');
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null)
    throw new Error('figee : seules des valeurs simples, tableaux et objets se passent');
  p.forme += '{\u0001';
  const o = v as Record<string, unknown>;
  for (const k in o) {
    p.forme += `${k}\u0001`;
    parcourir(o[k], p);
  }
  p.forme += '}\u0001';
}

/** `valeurs` with each leaf replaced by its marker (same walk as `parcourir`). */
function marquer(v: unknown, compteur: { n: number }, nulls: boolean): unknown {
  if (v === undefined || (v === null && !nulls) || typeof v === 'boolean') return v;
  if (feuille(v)) return marque(compteur.n++);
  if (Array.isArray(v)) return v.map((x) => marquer(x, compteur, nulls));
  return Object.fromEntries(
    Object.entries(v as object).map(([k, x]) => [k, marquer(x, compteur, nulls)]),
  );
}

function modeleDe(compiled: CompiledQuery, feuilles: number): Modele {
  if (compiled.sql.includes(MARQUE)) throw new Error('figee : une valeur est devenue du texte SQL');
  const vues = new Array<number>(feuilles).fill(0);
  const sources = compiled.parameters.map((p): Source => {
    if (typeof p === 'string' && p.startsWith(MARQUE)) {
      const i = Number(p.slice(MARQUE.length, -1));
      vues[i]! += 1;
      return { valeur: i };
    }
    return { constante: p };
  });
  if (vues.includes(0)) throw new Error('figee : chaque valeur doit devenir un paramètre');
  return { sql: compiled.sql, query: compiled.query, sources };
}

/**
 * `construire` as a function that runs it: the rows of the statement built for these values.
 * The first call of each shape (per SQL dialect) builds and compiles; the next ones do not.
 */
export function figee<A extends unknown[], O>(
  construire: (db: Kysely<DB>, ...valeurs: A) => Compilable<O> | RawBuilder<O>,
  { nullsEnValeurs = false } = {},
): (db: Kysely<DB>, ...valeurs: A) => Promise<O[]> {
  // Per dialect (the adapter's class: the same SQL for every database of that dialect).
  const modeles = new Map<unknown, Map<string, Modele>>();
  return async (db, ...valeurs) => {
    const p: Parcours = { forme: '', feuilles: [], nulls: nullsEnValeurs };
    parcourir(valeurs, p);
    const { forme: cle, feuilles } = p;
    const dialecte = db.getExecutor().adapter.constructor;
    let parForme = modeles.get(dialecte);
    if (!parForme) modeles.set(dialecte, (parForme = new Map()));
    let modele = parForme.get(cle);
    if (!modele) {
      const marquees = marquer(valeurs, { n: 0 }, nullsEnValeurs) as A;
      // A query builder's compile() takes no argument; a `sql` template's takes the database.
      modele = modeleDe(construire(db, ...marquees).compile(db), feuilles.length);
      if (parForme.size < FORMES_MAX) parForme.set(cle, modele);
    }
    const parametres = modele.sources.map((s) =>
      'valeur' in s ? feuilles[s.valeur] : s.constante,
    );
    const requete = { ...CompiledQuery.raw(modele.sql, parametres), query: modele.query };
    return (await db.executeQuery<O>(requete)).rows;
  };
}
