import { z } from 'zod';
import type { RegisteredRoute } from './route.js';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as JsonSchema;

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

/** The OpenAPI 3 document, generated from the same zod schemas that validate requests. */
export function buildOpenApi(routes: readonly RegisteredRoute[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const responses: Record<string, JsonSchema> = {};
    for (const [status, schema] of Object.entries(route.responses)) {
      responses[status] = schema
        ? { description: status.startsWith('2') ? 'Succès' : 'Erreur', content: { [status.startsWith('2') ? 'application/json' : 'application/problem+json']: { schema: toSchema(schema, 'output') } } }
        : { description: status.startsWith('2') ? 'Succès' : 'Erreur' };
    }
    if (route.access !== 'public') responses['401'] ??= { description: 'Non authentifié' };
    const access = route.access === 'public' ? 'public' : route.access === 'user' ? 'tout utilisateur connecté' : route.access.join(', ');
    const op: JsonSchema = {
      summary: route.summary,
      description: `Accès : ${access}${route.service ? ' ; membre de la boutique' : ''}.`,
      tags: route.tags,
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      responses,
      ...(route.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    };
    if (route.body) op['requestBody'] = { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input') } } };
    if (route.multipart) {
      op['requestBody'] = {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
      };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'API Comptoir', version: '0.1.0', description: 'Caisse et gestion de stock. Erreurs au format application/problem+json (RFC 9457). Toute requête autre que GET doit porter l’en-tête X-XSRF-TOKEN égal au cookie XSRF-TOKEN.' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
