import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from './support/http.js';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, login } from './support/factories.js';
import type { RegisteredRoute } from '../src/core/route.js';
import { changedTables, snapshot, type Snapshot } from './support/snapshot.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * « Bad input gets a clear French message and changes nothing. No input makes the server answer
 * 500. » Every registered route, called by a signed-in admin and owner with malformed path
 * parameters, query strings and bodies: never a 5xx; every refusal is a problem+json whose title
 * and detail read as French and leaves the business tables as they were (row counts and a hash of
 * every row, support/snapshot.ts); a success is a failure unless the route has a reason to accept
 * that input (`legitimate`: it reads no body, or the body is well-formed free text), and the list
 * of such successes is exact (EXPECTED_SUCCESSES).
 */

const BAD_PARAMS = [
  'abc',
  '0',
  '-5',
  '1.5',
  '99999999999999999999',
  '1e999',
  ' ',
  '\u0000',
  "1'--",
];
const WEIRD = [
  null,
  '',
  'x'.repeat(5000),
  -1,
  1.5,
  1e308,
  -1e308,
  true,
  [],
  {},
  ['a'],
  { a: { b: [1] } },
  '1,5',
  '<script>',
  '2026-02-30',
  '\u0000',
];
const BAD_QUERY = `?page=abc&size=-1&sort=nom;drop&q=${'é'.repeat(250)}&du=2026-13-45&au=hier&statut=zzz&categorieId=x&actif=peut-etre&largeur=12&mode=troc&stock=plein&enRetard=2&nom=%00`;
const ENGLISH =
  /\b(the|must|expected|required|invalid input|received|should|cannot read|undefined)\b/i;

function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (shape) return Object.keys(shape);
  const inner = (schema as { def?: { in?: unknown; schema?: unknown } } | undefined)?.def;
  return inner?.in ? keysOf(inner.in) : inner?.schema ? keysOf(inner.schema) : [];
}

function bodiesFor(keys: string[]): unknown[] {
  const out: unknown[] = [null, [], 'texte', 42, {}, { inconnu: 1 }];
  for (const v of WEIRD) out.push(Object.fromEntries(keys.map((k) => [k, v])));
  // Nested lists with weird items (sale lines, payments, import rows…).
  out.push(
    Object.fromEntries(
      keys.map((k) => [
        k,
        [null, 'x', { produitId: 'abc', quantite: -1, montant: 1e308, mode: 'troc' }],
      ]),
    ),
  );
  return out;
}

/**
 * Texts among the odd values above that are well formed where a free text is expected: a name may
 * read « 1,5 », « <script> » (stored as typed, escaped on display) or « 2026-02-30 ».
 */
const WELL_FORMED_TEXTS = new Set(['1,5', '<script>', '2026-02-30']);
/** The routes whose body is free text only, and its fields. */
const FREE_TEXT: Record<string, string[]> = {
  'POST /api/services/:serviceId/categories': ['nom'],
  'PUT /api/services/:serviceId/categories/:categorieId': ['nom'],
  'POST /api/services/:serviceId/marques': ['nom'],
  'PUT /api/services/:serviceId/marques/:marqueId': ['nom'],
  'POST /api/services/:serviceId/categories-depenses': ['nom'],
  'PUT /api/services/:serviceId/categories-depenses/:categorieDepenseId': ['nom'],
  // The profile's phone is free digits, spaces, dots and dashes (6 at least): « 2026-02-30 » is one.
  'PUT /api/account': ['prenom', 'nom', 'telephone'],
};

/** Why a 2xx answer to the odd body `sent` is right for this route, or undefined. */
function legitimate(route: RegisteredRoute, sent: unknown): string | undefined {
  if (!route.body && !route.multipart) return 'ne lit aucun corps';
  // Signing out is idempotent: an unknown key ends nothing, and the answer does not tell.
  if (
    route.url === '/api/auth/logout' &&
    typeof (sent as { refreshToken?: unknown } | null)?.refreshToken === 'string'
  )
    return 'déconnexion idempotente';
  const fields = FREE_TEXT[`${route.method} ${route.url}`];
  if (
    fields &&
    sent &&
    typeof sent === 'object' &&
    Object.entries(sent).every(([k, v]) => fields.includes(k) && WELL_FORMED_TEXTS.has(v as string))
  )
    return 'texte libre bien formé';
  return undefined;
}

/** The successes the odd inputs get, and why (see `legitimate`). */
const EXPECTED_SUCCESSES = [
  'POST /api/abonnements/:abonnementId/reactiver : ne lit aucun corps',
  'POST /api/account/sessions/revoke-all : ne lit aucun corps',
  'POST /api/abonnements/:abonnementId/suspendre : ne lit aucun corps',
  'POST /api/abonnements/plans/:planId/retirer : ne lit aucun corps',
  'POST /api/auth/logout : déconnexion idempotente',
  'POST /api/services/:serviceId/activer : ne lit aucun corps',
  'POST /api/services/:serviceId/categories : texte libre bien formé',
  'POST /api/services/:serviceId/categories-depenses : texte libre bien formé',
  'POST /api/services/:serviceId/desactiver : ne lit aucun corps',
  'POST /api/services/:serviceId/marques : texte libre bien formé',
  'POST /api/users/:userId/activer : ne lit aucun corps',
  'PUT /api/account : texte libre bien formé',
  'PUT /api/services/:serviceId/categories/:categorieId : texte libre bien formé',
  'PUT /api/services/:serviceId/marques/:marqueId : texte libre bien formé',
];

function checkAnswer(answer: Answer, label: string): void {
  const seen = `${label} → ${answer.status} ${typeof answer.body === 'string' ? answer.body.slice(0, 200) : JSON.stringify(answer.body)?.slice(0, 300)}`;
  expect(answer.status, `pas d'erreur serveur : ${seen}`).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(answer.headers.get('content-type') ?? '', seen).toContain('application/problem+json');
    const body = answer.body as {
      title?: string;
      detail?: string;
      errors?: Array<{ message: string }>;
    };
    expect(typeof body.title === 'string' && body.title.length > 0, seen).toBe(true);
    expect(typeof body.detail === 'string' && body.detail.length > 0, seen).toBe(true);
    const texts = [body.title!, body.detail!, ...(body.errors ?? []).map((e) => e.message)];
    for (const text of texts)
      expect(ENGLISH.test(text), `message en français attendu : « ${text} » (${label})`).toBe(
        false,
      );
  }
}

describe(`entrées invalides sur chaque route (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let tokens: { admin: string; owner: string };
  let shopId: number;

  beforeAll(async () => {
    server = await startTestServer({
      LOGIN_MAX_FAILURES_PER_IP: '100000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000',
    });
    const world = await createTenants(server.ctx);
    const client = server.client();
    tokens = {
      admin: (await login(client, world.admin.email)).token,
      owner: (await login(client, world.ownerA.email)).token,
    };
    shopId = world.shopA.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('aucune entrée ne provoque de 500 ; chaque refus est un problème en français', async () => {
    const client = server.client();
    let calls = 0;
    let before: Snapshot = await snapshot(server.ctx);
    const accepted = new Set<string>();
    // A refusal changed nothing; a success is a failure unless `legitimate` says why it is right.
    const judge = async (
      answer: Answer,
      label: string,
      route: RegisteredRoute,
      kind: 'chemin' | 'requête' | 'corps',
      sent?: unknown,
    ) => {
      checkAnswer(answer, label);
      const after = await snapshot(server.ctx);
      if (answer.status >= 400) {
        expect(changedTables(before, after), `refus qui a écrit : ${label}`).toEqual([]);
      } else {
        const why = kind === 'corps' ? legitimate(route, sent) : undefined;
        expect(why, `${answer.status} sur une entrée invalide (${kind}) : ${label}`).toBeDefined();
        accepted.add(`${route.method} ${route.url} : ${why}`);
      }
      before = after;
    };
    // What ends the owner's and admin's sessions comes last.
    const ending = (r: RegisteredRoute) => /\/(logout|revoke-all)$/.test(r.url);
    const routes = [
      ...server.ctx.routes.filter((r) => !ending(r)),
      ...server.ctx.routes.filter(ending),
    ];
    for (const route of routes) {
      const otherParams = (route.url.match(/:(\w+)/g) ?? []).filter((p) => p !== ':serviceId');
      const pathWith = (value: string) =>
        route.url
          .replace(':serviceId', String(shopId))
          .replace(/:(\w+)/g, () => encodeURIComponent(value));
      for (const token of [tokens.owner, tokens.admin]) {
        // Malformed path parameters (with a well-formed, empty body).
        for (const value of otherParams.length ? BAD_PARAMS : []) {
          const path = pathWith(value);
          await judge(
            await client.request(route.method, path, {
              token,
              body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
            }),
            `${route.method} ${path}`,
            route,
            'chemin',
          );
          calls++;
        }
        const path = pathWith('1');
        // A malformed query string.
        await judge(
          await client.request(route.method, path + BAD_QUERY, {
            token,
            body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
          }),
          `${route.method} ${path}?…`,
          route,
          'requête',
        );
        calls++;
        if (route.method === 'GET' || route.method === 'DELETE') continue;
        // Malformed bodies: wrong types, out-of-range numbers, huge strings, nested garbage.
        for (const body of bodiesFor(keysOf(route.body))) {
          await judge(
            await client.request(route.method, path, {
              token,
              body: body === undefined ? undefined : JSON.stringify(body),
            }),
            `${route.method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`,
            route,
            'corps',
            body,
          );
          calls++;
        }
        // Not JSON at all.
        await judge(
          await client.request(route.method, path, {
            token,
            body: '{"lignes": [',
            headers: { 'content-type': 'application/json' },
          }),
          `${route.method} ${path} JSON tronqué`,
          route,
          'corps',
        );
        calls++;
      }
    }
    // Each allowance is used (the list does not outlive the routes it speaks of).
    expect([...accepted].sort()).toEqual([...EXPECTED_SUCCESSES].sort());
    expect(calls).toBeGreaterThan(server.ctx.routes.length * 4);
  }, 600_000);
});
