import fc from 'fast-check';

/**
 * fast-check arbitraries drawn from the JSON schemas of the OpenAPI document (the OpenAPI 3.0
 * subset zod writes: $ref, anyOf, nullable, enum, pattern, min/max, exclusiveMinimum as a boolean,
 * minItems/maxItems, required, additionalProperties). `valid` gives values the schema accepts,
 * with known ids and amounts preferred by field name so that requests reach the handlers;
 * `mutated` gives values broken in one place: wrong type, boundary ± 1, huge number or string,
 * missing or extra field, odd unicode, pattern not matched.
 */
export type JsonSchema = Record<string, any>;

export interface Generation {
  /** The schema behind a `#/components/schemas/…` reference. */
  resolve(ref: string): JsonSchema;
  /** Values worth trying for a field of that name (real ids of the world…), or undefined. */
  hint(name: string): fc.Arbitrary<unknown> | undefined;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const DEPTH = 6;

/** Texts that have broken servers before: bidi and zero-width marks, emoji, NUL, quotes, SQL. */
export const oddTexts = [
  '',
  ' ',
  'é',
  'ŒUVRE « été »',
  '\u202Eesrever\u202C',
  'a\u200Bb\u200D',
  '\uFEFF',
  '👩🏽‍🍳🇸🇳',
  '\uD800',
  '\u0000',
  '\u0007\u001B[31m',
  "'; DROP TABLE produits; --",
  '%s%n%x',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '=1+2',
  'null',
  '0',
  '-1',
  '1e309',
  'NaN',
  'true',
] as const;

const oddNumbers = [
  -1,
  0,
  0.5,
  -0.0,
  1.5,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
] as const;

const deref = (schema: JsonSchema, g: Generation): JsonSchema =>
  typeof schema['$ref'] === 'string' ? deref(g.resolve(schema['$ref']), g) : schema;

function integerBounds(s: JsonSchema): { min: number; max: number } {
  let min = typeof s['minimum'] === 'number' ? s['minimum'] : -MAX_SAFE;
  let max = typeof s['maximum'] === 'number' ? s['maximum'] : MAX_SAFE;
  if (s['exclusiveMinimum'] === true) min += 1;
  if (s['exclusiveMaximum'] === true) max -= 1;
  if (typeof s['exclusiveMinimum'] === 'number') min = s['exclusiveMinimum'] + 1;
  if (typeof s['exclusiveMaximum'] === 'number') max = s['exclusiveMaximum'] - 1;
  return { min: Math.max(min, -MAX_SAFE), max: Math.min(max, MAX_SAFE) };
}

/** Any safe integer in [min, max], small ones near `min` and the bounds themselves favoured. */
export function integerIn(min: number, max: number): fc.Arbitrary<number> {
  const between = (lo: number, hi: number) =>
    fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map(Number);
  const lo = Math.min(Math.max(min, -1000), max);
  return fc.oneof(
    { weight: 4, arbitrary: between(lo, Math.min(max, lo + 100_000)) },
    { weight: 1, arbitrary: between(min, max) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
}

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
/** Calendar days from 1990 to 2100 (a few impossible ones come from the pattern itself). */
export const isoDay = fc
  .integer({ min: Date.UTC(1990, 0, 1) / 86_400_000, max: Date.UTC(2100, 0, 1) / 86_400_000 })
  .map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10));

function validString(s: JsonSchema, name: string): fc.Arbitrary<string> {
  const minLength = typeof s['minLength'] === 'number' ? s['minLength'] : 0;
  const maxLength = typeof s['maxLength'] === 'number' ? s['maxLength'] : 200;
  const fits = (v: string) => v.length >= minLength && v.length <= maxLength;
  if (typeof s['pattern'] === 'string') {
    const matching = fc.stringMatching(new RegExp(s['pattern'])).filter(fits);
    return s['pattern'] === DATE
      ? fc.oneof({ weight: 5, arbitrary: isoDay }, { weight: 1, arbitrary: matching })
      : matching;
  }
  if (s['format'] === 'date-time')
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (/email/i.test(name) || s['format'] === 'email')
    return fc.emailAddress().filter((e) => e.length <= maxLength);
  const cap = Math.min(maxLength, minLength + 40);
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .constantFrom('Riz parfumé', 'Savon de Marseille', 'Awa Diop', 'Thiès')
        .filter(fits),
    },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength: cap }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength: cap, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.constantFrom(...oddTexts).filter(fits) },
  );
}

/** A value the schema accepts. */
export function valid(
  schema: JsonSchema,
  g: Generation,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = deref(schema, g);
  const hinted = g.hint(name);
  const base = validBase(s, g, name, depth);
  const withHint = hinted
    ? fc.oneof({ weight: 9, arbitrary: hinted }, { weight: 1, arbitrary: base })
    : base;
  return s['nullable'] === true
    ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: withHint })
    : withHint;
}

function validBase(
  s: JsonSchema,
  g: Generation,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  const alternatives = (s['anyOf'] ?? s['oneOf']) as JsonSchema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((a) => valid(a, g, name, depth)));
  if (Array.isArray(s['allOf'])) return valid(s['allOf'][0] as JsonSchema, g, name, depth);
  if (Array.isArray(s['enum'])) return fc.constantFrom(...(s['enum'] as unknown[]));
  switch (s['type']) {
    case 'string':
      return validString(s, name);
    case 'integer': {
      const { min, max } = integerBounds(s);
      return integerIn(min, max);
    }
    case 'number': {
      // zod writes the input side of a coerced integer as a bare `number`: whole numbers first.
      const { min, max } = integerBounds(s);
      return fc.oneof(
        { weight: 4, arbitrary: integerIn(Math.max(min, 1), Math.min(max, 1000)) },
        { weight: 1, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = (s['minItems'] as number | undefined) ?? 0;
      const maxLength = Math.min((s['maxItems'] as number | undefined) ?? 4, minLength + 3);
      if (depth > DEPTH) return fc.constant([]);
      return fc.array(valid((s['items'] as JsonSchema) ?? {}, g, `${name}[]`, depth + 1), {
        minLength,
        maxLength,
      });
    }
    case 'object':
      return validObject(s, g, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validObject(
  s: JsonSchema,
  g: Generation,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = (s['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = (s['required'] ?? []) as string[];
  if (depth > DEPTH) return fc.constant({});
  const model = Object.fromEntries(
    Object.entries(properties).map(([k, p]) => [k, valid(p, g, k, depth + 1)]),
  );
  return fc.record(model, {
    requiredKeys: required.filter((k) => k in properties),
  }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A JSON value of another type than the schema's (or a flagrantly odd one). */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, '', 'abc', [], {}, [1], { a: 1 }, '12', '1,5', '1 000'),
  fc.constantFrom(...oddNumbers),
  fc.constantFrom(...oddTexts),
  fc.string({ minLength: 100_000, maxLength: 100_000 }).map(() => 'x'.repeat(100_000)),
);

/** A value the schema refuses somewhere (or an extreme one at its very limits). */
export function mutated(schema: JsonSchema, g: Generation, depth = 0): fc.Arbitrary<unknown> {
  const s = deref(schema, g);
  const own = mutatedHere(s, g, depth);
  return own
    ? fc.oneof({ weight: 1, arbitrary: wrongType }, { weight: 3, arbitrary: own })
    : wrongType;
}

function mutatedHere(
  s: JsonSchema,
  g: Generation,
  depth: number,
): fc.Arbitrary<unknown> | undefined {
  const alternatives = (s['anyOf'] ?? s['oneOf']) as JsonSchema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((a) => mutated(a, g, depth)));
  if (Array.isArray(s['enum']))
    return fc.constantFrom(
      'zzz',
      ...(s['enum'] as unknown[]).map((v) => (typeof v === 'string' ? ` ${v.toUpperCase()}` : 'x')),
    );
  switch (s['type']) {
    case 'string': {
      const max = (s['maxLength'] as number | undefined) ?? 200;
      const min = (s['minLength'] as number | undefined) ?? 0;
      return fc.oneof(
        fc.constant('x'.repeat(max + 1)),
        fc.constant('é'.repeat(Math.max(min - 1, 0))),
        fc.constantFrom(...oddTexts),
        fc.string({ maxLength: 30, unit: 'binary' }),
      );
    }
    case 'integer':
    case 'number': {
      const { min, max } = integerBounds(s);
      return fc.constantFrom(min - 1, max + 1, min + 0.5, ...oddNumbers);
    }
    case 'array': {
      const items = (s['items'] as JsonSchema) ?? {};
      const maxItems = s['maxItems'] as number | undefined;
      const options: fc.Arbitrary<unknown>[] = [
        fc.constant([]),
        fc.array(mutated(items, g, depth + 1), { minLength: 1, maxLength: 3 }),
        fc.tuple(valid(items, g, '', depth + 1), mutated(items, g, depth + 1)),
      ];
      // One item too many (lists of up to a few hundred items; the 100 000-row import is left to
      // the body limit).
      if (maxItems !== undefined && maxItems <= 500)
        options.push(
          valid(items, g, '', depth + 1).map((v) => Array.from({ length: maxItems + 1 }, () => v)),
        );
      return fc.oneof(...options);
    }
    case 'object':
      return depth > DEPTH ? undefined : mutatedObject(s, g, depth);
    default:
      return undefined;
  }
}

function mutatedObject(s: JsonSchema, g: Generation, depth: number): fc.Arbitrary<unknown> {
  const properties = (s['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = ((s['required'] ?? []) as string[]).filter((k) => k in properties);
  const base = validObject(s, g, depth);
  const keys = Object.keys(properties);
  const options: fc.Arbitrary<unknown>[] = [
    // An unknown field, a prototype-polluting one among them.
    fc
      .tuple(
        base,
        fc.constantFrom('inconnu', '__proto__', 'constructor', 'id', 'serviceId'),
        wrongType,
      )
      .map(([o, k, v]) =>
        JSON.parse(
          JSON.stringify({ ...o, [k]: v }).replace(
            /^\{/,
            `{${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'},`,
          ),
        ),
      ),
  ];
  if (required.length)
    options.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([o, k]) => {
        const copy = { ...o };
        delete copy[k];
        return copy;
      }),
    );
  if (keys.length)
    options.push(
      fc
        .constantFrom(...keys)
        .chain((k) => fc.tuple(base, fc.constant(k), mutated(properties[k]!, g, depth + 1)))
        .map(([o, k, v]) => ({ ...o, [k]: v })),
    );
  return fc.oneof(...options);
}
