import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@comptoir/shared';
import { TEST_DIALECT } from './support/database.js';
import { createUser, login, PASSWORD } from './support/factories.js';
import type { Answer, TestClient } from './support/http.js';
import { fileForm } from './support/images.js';
import { expectProblem } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

const SECRET_MESSAGE = 'connexion à postgres://admin:motdepasse-secret@db.interne:5432 refusée';

describe(`erreurs au format problem+json (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({}, (app) => {
      app.get('/api/test-boom', async () => {
        throw new Error(SECRET_MESSAGE);
      });
      app.get('/api/test-boom-sync', () => {
        throw new TypeError(SECRET_MESSAGE);
      });
      app.post('/api/test-boom', async () => {
        throw Object.assign(new Error(SECRET_MESSAGE), { statusCode: 503 });
      });
      app.get('/api/test-teapot', async () => {
        throw Object.assign(new Error('I am a teapot: library detail'), { statusCode: 418 });
      });
    });
    client = server.client();
    const user = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    token = (await login(client, user.email)).token;
  });
  afterAll(() => server.close());

  it('chemin inconnu sous /api : 404 en français', async () => {
    const body = expectProblem(await client.get('/api/nexiste-pas?x=1'), 404, 'NOT_FOUND');
    expect(body).toEqual({
      type: 'https://comptoir.app/problemes/not-found',
      title: 'Introuvable',
      status: 404,
      detail: "Aucune ressource à l'adresse GET /api/nexiste-pas.",
      code: 'NOT_FOUND',
    });
    expectProblem(await client.post('/api/nexiste-pas', {}), 404, 'NOT_FOUND');
    expectProblem(await client.delete('/api/account', { token }), 404, 'NOT_FOUND');
  });

  it.each(['/api/test-boom', '/api/test-boom-sync'])(
    '%s : 500 INTERNAL sans fuite du message ni de la pile',
    async (path) => {
      const answer = await client.get(path);
      const body = expectProblem(answer, 500, 'INTERNAL');
      expect(body).toEqual({
        type: 'https://comptoir.app/problemes/internal',
        title: 'Erreur interne',
        status: 500,
        detail:
          'Une erreur inattendue est survenue. Réessayez ; si elle persiste, contactez le support.',
        code: 'INTERNAL',
      });
      const raw = JSON.stringify(answer.body);
      for (const leak of [
        'motdepasse-secret',
        'postgres://',
        'db.interne',
        'Error',
        'stack',
        'at ',
        '.ts:',
        'node_modules',
      ]) {
        expect(raw).not.toContain(leak);
      }
    },
  );

  it('une adresse mal encodée ou un paramètre trop long : 400 en français, pas le JSON anglais de Fastify', async () => {
    const badUrl = expectProblem(
      await client.get('/api/services/%ED%A0%80', { token }),
      400,
      'BAD_REQUEST',
    );
    expect(badUrl.detail).toBe("L'adresse demandée est mal encodée.");
    const long = expectProblem(
      await client.get(`/api/services/${'9'.repeat(120)}`, { token }),
      400,
      'BAD_REQUEST',
    );
    expect(long.detail).toBe("Un paramètre de l'adresse est trop long.");
  });

  it('une erreur 5xx venue d’une bibliothèque devient une 500 INTERNAL, sans son message', async () => {
    const answer = await client.post('/api/test-boom', {});
    expectProblem(answer, 500, 'INTERNAL');
    expect(JSON.stringify(answer.body)).not.toContain('motdepasse-secret');
  });

  it('une erreur 4xx venue d’une bibliothèque garde son statut, avec un message français', async () => {
    const body = expectProblem(await client.get('/api/test-teapot'), 418, 'BAD_REQUEST');
    expect(body.detail).toBe('La requête est invalide.');
  });

  it('/api/docs/openapi.json : un document OpenAPI 3 qui décrit chaque route enregistrée', async () => {
    const answer = await client.get('/api/docs/openapi.json');
    expect(answer.status).toBe(200);
    const doc = answer.body as {
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, any>>;
    };
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toBe('API Comptoir');
    expect(server.ctx.routes.length).toBeGreaterThanOrEqual(14);
    for (const route of server.ctx.routes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${path} absent de /api/docs/openapi.json`).toBeDefined();
      expect(op.summary).toBe(route.summary);
      for (const param of route.url.match(/:(\w+)/g) ?? []) {
        expect(
          op.parameters.some(
            (p: { name: string; in: string }) => p.in === 'path' && p.name === param.slice(1),
          ),
          `${param} de ${path}`,
        ).toBe(true);
      }
      if (route.access === 'public') expect(op.security).toBeUndefined();
      else {
        expect(op.security).toEqual([{ bearer: [] }]);
        expect(op.responses['401']).toBeDefined();
      }
      if (route.body)
        expect(op.requestBody.content['application/json'].schema).toBeTypeOf('object');
    }
    // Nothing documented that does not exist.
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(documented.sort()).toEqual(
      server.ctx.routes.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`).sort(),
    );
    // Every reference resolves inside the document (OpenAPI resolves `#/…` from its root).
    const refs: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
          if (k === '$ref') refs.push(v as string);
          else walk(v);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs)
      expect(resolve(doc, ref), `référence ${ref} introuvable`).toBeTypeOf('object');
    expect(JSON.stringify(doc)).not.toContain('"definitions"');

    // The login request schema is the shared zod schema, made JSON Schema.
    const login = doc.paths['/api/auth/login']!['post'];
    const schema = deref(doc, login.requestBody.content['application/json'].schema);
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(schema.properties.email.type).toBe('string');
    const problem = deref(doc, login.responses['401'].content['application/problem+json'].schema);
    expect(problem.required).toEqual(
      expect.arrayContaining(['type', 'title', 'status', 'detail', 'code']),
    );
    const session = deref(doc, login.responses['200'].content['application/json'].schema);
    expect(deref(doc, session.properties.user).required).toEqual(
      expect.arrayContaining(['id', 'email', 'roles', 'services']),
    );
  });

  it('/api/docs/openapi.json : les bornes des entiers stricts (identifiants, page, taille)', async () => {
    const doc = (await client.get('/api/docs/openapi.json')).body as {
      paths: Record<string, Record<string, any>>;
    };
    const integerOf = (schema: { anyOf?: Array<Record<string, unknown>> }) =>
      schema.anyOf?.find((b) => b['type'] === 'integer');
    const params = doc.paths['/api/services/{serviceId}/produits']!['get'].parameters as Array<{
      name: string;
      schema: { anyOf?: Array<Record<string, unknown>> };
    }>;
    const param = (name: string) => integerOf(params.find((p) => p.name === name)!.schema);
    // An id: 1…2^31 − 1 (the `integer` columns of PostgreSQL), with its canonical text form.
    expect(param('serviceId')).toMatchObject({ minimum: 0, exclusiveMinimum: true });
    expect(param('serviceId')!['maximum']).toBe(2_147_483_647);
    expect(param('page')).toMatchObject({ minimum: 1 });
    expect(param('size')).toMatchObject({ minimum: 1, maximum: 200 });
    // In a body too: the shops of an invitation are ids.
    const body = doc.paths['/api/invitations']!['post'].requestBody.content['application/json'];
    const create = deref(doc, body.schema);
    expect(integerOf(create.properties.services.items)).toMatchObject({
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 2_147_483_647,
    });
  });

  /** A form-encoded POST that carries the anti-forgery pair (the test client only sends JSON or multipart). */
  async function formPost(path: string, body: string): Promise<Answer> {
    await client.get('/api/auth/xsrf');
    const response = await fetch(server.baseUrl + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `XSRF-TOKEN=${client.xsrf}`,
        'x-xsrf-token': client.xsrf!,
      },
      body,
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  }

  it('échantillon : chaque réponse 4xx est du problem+json avec un code connu', async () => {
    const photo = fileForm('pas une image', 'text/plain');
    const cases: Array<[string, () => Promise<Answer>, number, string]> = [
      ['400 validation', () => client.post('/api/auth/login', { email: 'x' }), 400, 'VALIDATION'],
      ['400 JSON illisible', () => client.post('/api/auth/login', '{'), 400, 'BAD_REQUEST'],
      ['400 paramètre', () => client.get('/api/services/abc', { token }), 400, 'VALIDATION'],
      [
        '401 identifiants',
        () => client.post('/api/auth/login', { email: 'x@exemple.test', password: PASSWORD }),
        401,
        'INVALID_CREDENTIALS',
      ],
      ['401 sans jeton', () => client.get('/api/account'), 401, 'UNAUTHENTICATED'],
      [
        '403 XSRF',
        () => client.request('PUT', '/api/account', { token, noXsrf: true, body: {} }),
        403,
        'XSRF',
      ],
      ['404 boutique', () => client.get('/api/services/999999', { token }), 404, 'NOT_FOUND'],
      ['404 fichier', () => client.get(`/api/files/${'a'.repeat(32)}`), 404, 'NOT_FOUND'],
      [
        '413 trop gros',
        () => client.post('/api/auth/refresh', { refreshToken: 'x'.repeat(1_100_000) }),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      [
        '415 photo',
        () => client.request('POST', '/api/account/photo', { token, form: photo }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        '415 type de contenu',
        () => formPost('/api/auth/login', 'email=x&password=y'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
    ];
    for (const [label, call, status, code] of cases) {
      const answer = await call();
      expect(ERROR_CODES).toContain(answer.body.code);
      try {
        expectProblem(answer, status, code);
      } catch (error) {
        throw new Error(`${label} : ${(error as Error).message}`);
      }
    }
  });
});

/** The object a local JSON pointer (`#/a/b`) designates in the document. */
function resolve(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: any = doc;
  for (const part of ref.slice(2).split('/')) {
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    node = node?.[key];
  }
  return node;
}

/** A schema, following its `$ref` when it is one. */
function deref(doc: unknown, schema: any): any {
  return schema?.$ref ? deref(doc, resolve(doc, schema.$ref)) : schema;
}
