import fc from 'fast-check';
import { mutated, oddTexts, valid, type Generation, type JsonSchema } from './generator.js';
import type { Actor, FuzzWorld } from './world.js';

/**
 * One request per draw for an operation of the OpenAPI document: an actor (weighted towards those
 * the route lets in), path parameters, query and body drawn valid, then at most one part mutated.
 */
export interface Operation {
  method: string;
  path: string;
  key: string;
  spec: JsonSchema;
  declared: Set<number>;
}

export interface Draft {
  actor: Actor;
  path: string;
  query: string;
  /** A JSON value to send, a raw text with its content type, or a multipart form. */
  body?:
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; text: string; type: string }
    | { kind: 'form'; parts: FormPart[] };
  noXsrf?: boolean;
  token?: 'forged' | 'garbage';
  /** What was mutated, for the report. */
  mutation: string;
}

export interface FormPart {
  name: string;
  content: 'png' | 'bytes' | 'svg' | 'text';
  type: string;
}

/** Operations of the document, the ones that disable or delete things last. */
export function operationsOf(doc: JsonSchema): Operation[] {
  // Last, what ends the actors' sessions (their tokens stop working for what follows).
  const rank = (method: string, path: string) =>
    /\/(logout|revoke-all|update-password)$/.test(path)
      ? 4
      : method === 'get'
        ? 0
        : method === 'delete'
          ? 3
          : /\/(desactiver|suspendre|retirer)$/.test(path)
            ? 2
            : 1;
  const out: Array<Operation & { rank: number }> = [];
  for (const [path, ops] of Object.entries(doc['paths'] as Record<string, JsonSchema>))
    for (const [method, spec] of Object.entries(ops as Record<string, JsonSchema>))
      out.push({
        method: method.toUpperCase(),
        path,
        key: `${method.toUpperCase()} ${path}`,
        spec,
        declared: new Set(Object.keys(spec['responses'] as object).map(Number)),
        rank: rank(method, path),
      });
  return out.sort((a, b) => a.rank - b.rank);
}

const ROLE_OF: Record<Exclude<Actor, 'anonyme'>, string> = {
  admin: 'ROLE_ADMIN',
  ownerA: 'ROLE_PROPRIETAIRE',
  managerA: 'ROLE_GERANT',
  ownerB: 'ROLE_PROPRIETAIRE',
};

function actorArb(op: Operation): fc.Arbitrary<Actor> {
  const description = String(op.spec['description'] ?? '');
  if (/Accès : public/.test(description))
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant('anonyme' as Actor) },
      fc.constant('ownerA' as Actor),
    );
  const roles = description.match(/ROLE_\w+/g);
  const weight = (a: Exclude<Actor, 'anonyme'>) =>
    !roles || roles.includes(ROLE_OF[a]) ? (a === 'ownerB' ? 1 : 5) : 1;
  return fc.oneof(
    ...(['admin', 'ownerA', 'managerA', 'ownerB'] as const).map((a) => ({
      weight: weight(a),
      arbitrary: fc.constant<Actor>(a),
    })),
    { weight: 1, arbitrary: fc.constant<Actor>('anonyme') },
  );
}

const BAD_PATH = [
  'abc',
  '0',
  '-1',
  '1.5',
  ' 3',
  '0x3',
  '1e3',
  '99999999999999999999',
  '9007199254740993',
  '%00',
  'é',
  '..',
  '[1]',
  'true',
  '9'.repeat(120),
];

export function requestArbitrary(
  op: Operation,
  world: FuzzWorld,
  g: Generation,
): fc.Arbitrary<Draft> {
  const parameters = (op.spec['parameters'] ?? []) as Array<{
    name: string;
    in: string;
    required: boolean;
    schema: JsonSchema;
  }>;
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const content = (op.spec['requestBody'] as JsonSchema | undefined)?.['content'] as
    JsonSchema | undefined;
  const jsonSchema = content?.['application/json']?.['schema'] as JsonSchema | undefined;
  const multipart = Boolean(content?.['multipart/form-data']);
  const writes = op.method !== 'GET';

  const validPath = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [p.name, (g.hint(p.name) ?? valid(p.schema, g, p.name)).map(String)]),
    ),
  );
  const validQuery = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, valid(p.schema, g, p.name).map(String)])),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  );
  const validBody: fc.Arbitrary<Draft['body']> = jsonSchema
    ? valid(jsonSchema, g).map((value) => ({ kind: 'json' as const, value }))
    : multipart
      ? fc.constant({
          kind: 'form' as const,
          parts: [{ name: 'file', content: 'png' as const, type: 'image/png' }],
        })
      : fc.constant(undefined);

  type Parts = { path: Record<string, string>; query: Record<string, string>; body: Draft['body'] };
  const mutations: Array<{
    weight: number;
    arbitrary: fc.Arbitrary<(p: Parts) => [Parts, string]>;
  }> = [{ weight: 6, arbitrary: fc.constant((p: Parts) => [p, 'aucune'] as [Parts, string]) }];
  if (pathParams.length)
    mutations.push({
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...pathParams.map((p) => p.name)),
          fc.oneof(
            fc.constantFrom(...BAD_PATH),
            fc.constantFrom(...oddTexts),
            fc.constantFrom('foreign', '999999999'),
          ),
        )
        .map(([name, value]) => (p: Parts) => {
          const other = world.foreign[name];
          const v = value === 'foreign' ? String(other?.[0] ?? '424242') : value;
          return [{ ...p, path: { ...p.path, [name]: v } }, `chemin ${name}=${JSON.stringify(v)}`];
        }),
    });
  mutations.push({
    weight: queryParams.length ? 2 : 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('inconnu', ...queryParams.map((p) => p.name)),
        fc.oneof(
          fc.constantFrom(...oddTexts, 'abc', '-1', '1e999', '99999999999999999999'),
          fc.string({ maxLength: 300 }),
        ),
      )
      .map(([name, value]) => (p: Parts) => [
        { ...p, query: { ...p.query, [name]: value } },
        `requête ${name}=${JSON.stringify(value).slice(0, 60)}`,
      ]),
  });
  if (jsonSchema)
    mutations.push({
      weight: 4,
      arbitrary: mutated(jsonSchema, g).map((value) => (p: Parts) => [
        { ...p, body: { kind: 'json', value } },
        'corps muté',
      ]),
    });
  if (multipart)
    mutations.push({
      weight: 3,
      arbitrary: formMutation.map(([parts, label]) => (p: Parts) => [
        { ...p, body: { kind: 'form', parts } },
        label,
      ]),
    });
  if (writes)
    mutations.push({
      weight: 2,
      arbitrary: fc
        .constantFrom(
          { text: '{"lignes": [', type: 'application/json', label: 'JSON tronqué' },
          { text: '', type: 'application/json', label: 'JSON vide' },
          { text: 'nom=x', type: 'application/x-www-form-urlencoded', label: 'formulaire encodé' },
          { text: 'bonjour', type: 'text/plain', label: 'texte brut' },
          {
            text: JSON.stringify({ nom: 'x'.repeat(1_100_000) }),
            type: 'application/json',
            label: 'JSON de 1,1 Mo',
          },
          { text: '[]', type: 'application/json', label: 'tableau' },
          {
            text: '--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNG',
            type: 'multipart/form-data; boundary=X',
            label: 'multipart sans fin',
          },
          { text: '"texte"', type: 'application/json', label: 'chaîne JSON' },
          { text: '{"__proto__": {"admin": true}}', type: 'application/json', label: '__proto__' },
        )
        .map((raw) => (p: Parts) => [
          { ...p, body: { kind: 'raw', text: raw.text, type: raw.type } },
          raw.label,
        ]),
    });

  return fc
    .record({
      actor: actorArb(op),
      parts: fc.record({ path: validPath, query: validQuery, body: validBody }),
      mutate: fc.oneof(...mutations),
      gate: fc.oneof(
        { weight: 30, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom('sans XSRF', 'jeton forgé', 'jeton illisible') },
      ),
    })
    .map(({ actor, parts, mutate, gate }) => {
      const [p, mutation] = mutate(parts as Parts);
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        encodeSegment(p.path[name] ?? ''),
      );
      const query = new URLSearchParams(p.query).toString();
      const gated = gate !== undefined && (gate !== 'sans XSRF' || writes);
      return {
        actor,
        path,
        query: query ? `?${query}` : '',
        ...(p.body ? { body: p.body } : {}),
        ...(gate === 'sans XSRF' && writes ? { noXsrf: true } : {}),
        ...(gate === 'jeton forgé' ? { token: 'forged' as const } : {}),
        ...(gate === 'jeton illisible' ? { token: 'garbage' as const } : {}),
        mutation: gated ? `${gate} ; ${mutation}` : mutation,
      };
    });
}

/** A path segment; a lone surrogate becomes the bytes of one (invalid UTF-8), as a raw client would send. */
const encodeSegment = (value: string): string =>
  value
    .split(/([\uD800-\uDFFF])/)
    .map((piece) => (/^[\uD800-\uDFFF]$/.test(piece) ? '%ED%A0%80' : encodeURIComponent(piece)))
    .join('');

/** Multipart forms gone wrong: not an image, a lying type, no file, too many fields, wrong name. */
const formMutation: fc.Arbitrary<[FormPart[], string]> = fc.constantFrom<[FormPart[], string]>(
  [[{ name: 'file', content: 'bytes', type: 'image/png' }], 'octets quelconques déclarés PNG'],
  [[{ name: 'file', content: 'svg', type: 'image/png' }], 'SVG déclaré PNG'],
  [[{ name: 'file', content: 'text', type: 'text/plain' }], 'fichier texte'],
  [[{ name: 'autre', content: 'png', type: 'image/png' }], 'mauvais nom de champ'],
  [[{ name: 'note', content: 'text', type: '' }], 'aucun fichier'],
  [[], 'formulaire vide'],
  [
    [
      { name: 'file', content: 'png', type: 'image/png' },
      { name: 'file', content: 'png', type: 'image/png' },
    ],
    'deux fichiers',
  ],
  [
    Array.from({ length: 12 }, (_, i) => ({
      name: `champ${i}`,
      content: 'text' as const,
      type: '',
    })),
    'douze champs',
  ],
);
