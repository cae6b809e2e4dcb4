import { z } from 'zod';
import { problemSchema } from '@comptoir/shared';
import type { RegisteredRoute } from './route.js';

type JsonSchema = Record<string, unknown>;

/** `components.schemas` of the document, with the zod output of each entry to compare shapes. */
interface Components {
  schemas: Record<string, JsonSchema>;
  raw: Map<string, string>;
}

/**
 * A whole number read strictly (shared/src/schemas/integer.ts: a JSON number or a canonical text
 * of digits, piped into a bounded `z.number()`) shows only its input, `number | string`, with no
 * bounds: the number branch becomes the bounded integer of the pipe's output (ids 1…2^31 − 1,
 * page ≥ 1, size 1…200).
 */
function integerBounds(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const def = (ctx.zodSchema as z.ZodType)._zod.def;
  if (def.type !== 'pipe') return;
  const { out } = def as unknown as { out: z.ZodType };
  const branches = ctx.jsonSchema['anyOf'];
  if (out._zod.def.type !== 'number' || !Array.isArray(branches)) return;
  const bounded = z.toJSONSchema(out, { target: 'openapi-3.0', io: 'output' }) as JsonSchema;
  delete bounded['$schema'];
  ctx.jsonSchema['anyOf'] = branches.map((b: JsonSchema) => (b['type'] === 'number' ? bounded : b));
}

/**
 * zod puts the named schemas (`.meta({ id })`) of each conversion under a local `definitions` and
 * refers to them as `#/definitions/…`, which OpenAPI resolves from the document root: they move to
 * `components.schemas` and the references follow. An input shape that differs from the output
 * shape of the same name is named `…Input`.
 */
function toSchema(schema: z.ZodType, io: 'input' | 'output', components: Components): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
    override: io === 'input' ? integerBounds : undefined,
  }) as JsonSchema;
  const { definitions, ...root } = json as JsonSchema & {
    definitions?: Record<string, JsonSchema>;
  };
  if (!definitions) return json;
  const names = new Map<string, string>();
  for (const [id, def] of Object.entries(definitions)) {
    const known = components.raw.get(id);
    names.set(id, known === undefined || known === JSON.stringify(def) ? id : `${id}Input`);
  }
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        if (k !== '$ref' || typeof v !== 'string' || !v.startsWith('#/definitions/'))
          return [k, rewrite(v)];
        const id = decodeURIComponent(v.slice('#/definitions/'.length));
        return [k, `#/components/schemas/${names.get(id) ?? id}`];
      }),
    );
  };
  for (const [id, def] of Object.entries(definitions)) {
    const name = names.get(id)!;
    if (components.raw.has(name)) continue;
    components.raw.set(name, JSON.stringify(def));
    components.schemas[name] = rewrite(def) as JsonSchema;
  }
  return rewrite(root) as JsonSchema;
}

function parameters(
  schema: z.ZodType | undefined,
  where: 'path' | 'query',
  components: Components,
): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input', components) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

/**
 * The errors a route may answer by its shape alone, before or around its handler: the NUL check
 * of every path, query and body (core/control-characters.ts), the body parser and anti-forgery
 * check of every method but GET (core/xsrf.ts, core/error-handler.ts), the token, role, shop and
 * subscription gates (core/route.ts). A route declares its own business errors (409, 422, 429…).
 */
function commonErrors(route: RegisteredRoute): Record<string, string> {
  const errors: Record<string, string> = { 400: 'Données invalides' };
  const writes = route.method !== 'GET';
  if (route.access !== 'public') errors['401'] = 'Non authentifié';
  if (route.subscription === 'required')
    errors['402'] = 'Abonnement requis (propriétaire ou gérant sans abonnement actif)';
  if (writes || Array.isArray(route.access))
    errors['403'] = writes ? 'Accès refusé ou jeton anti-falsification absent' : 'Accès refusé';
  if (route.service || route.params) errors['404'] = 'Introuvable';
  if (writes) {
    errors['413'] = 'Contenu trop volumineux';
    errors['415'] = 'Type de contenu non pris en charge';
  }
  return errors;
}

/** The OpenAPI 3 document, generated from the same zod schemas that validate requests. */
export function buildOpenApi(routes: readonly RegisteredRoute[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const components: Components = { schemas: {}, raw: new Map() };
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const responses: Record<string, JsonSchema> = {};
    for (const [status, schema] of Object.entries(route.responses)) {
      responses[status] = schema
        ? {
            description: status.startsWith('2') ? 'Succès' : 'Erreur',
            content: {
              [status.startsWith('2') ? 'application/json' : 'application/problem+json']: {
                schema: toSchema(schema, 'output', components),
              },
            },
          }
        : { description: status.startsWith('2') ? 'Succès' : 'Erreur' };
    }
    const problem = { schema: toSchema(problemSchema, 'output', components) };
    for (const [status, description] of Object.entries(commonErrors(route)))
      responses[status] ??= { description, content: { 'application/problem+json': problem } };
    const access =
      route.access === 'public'
        ? 'public'
        : route.access === 'user'
          ? 'tout utilisateur connecté'
          : route.access.join(', ');
    const op: JsonSchema = {
      summary: route.summary,
      description: `Accès : ${access}${route.service ? ' ; membre de la boutique' : ''}.`,
      tags: route.tags,
      parameters: [
        ...parameters(route.params, 'path', components),
        ...parameters(route.query, 'query', components),
      ],
      responses,
      ...(route.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    };
    if (route.body)
      op['requestBody'] = {
        required: true,
        content: { 'application/json': { schema: toSchema(route.body, 'input', components) } },
      };
    if (route.multipart) {
      op['requestBody'] = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { file: { type: 'string', format: 'binary' } },
              required: ['file'],
            },
          },
        },
      };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'API Comptoir',
      version: '0.1.0',
      description:
        'Caisse et gestion de stock. Erreurs au format application/problem+json (RFC 9457). Toute requête autre que GET doit porter l’en-tête X-XSRF-TOKEN égal au cookie XSRF-TOKEN.',
    },
    components: {
      schemas: components.schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  };
}
