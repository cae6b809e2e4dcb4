import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo/seed.js';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from './support/database.js';
import { login } from './support/factories.js';
import { TestClient } from './support/http.js';
import {
  demoArticle,
  freePort,
  startInstance,
  stopInstance,
  type Instance,
} from './support/instances.js';
import { httpsFrom, startNginx, type Nginx } from './support/proxy.js';
import { cle } from './ventes.fixtures.js';

const role = (r: string) => DEMO_ACCOUNTS.find((a) => a.role === r)!.email;
const FAILURES_PER_IP = 8;

/**
 * README « Plusieurs instances » : two API processes on one PostgreSQL behind Debian's nginx with
 * the shipped deploy/nginx/comptoir.conf, over https, configured as the README says (same secret,
 * PUBLIC_URL the proxy's address, TRUST_PROXY=1). What a shop relies on: sales spread over both
 * with gapless numbers, the client's own address for the sign-in throttle (not the proxy's, not
 * what a client writes), a product file of several MiB passes, http sends to https, and a stopped
 * instance leaves the other one selling. PostgreSQL only (SQLite is a file for one process).
 */
describe.runIf(TEST_DIALECT === 'postgres')('deux instances derrière nginx', () => {
  let database: TestDatabase;
  let a: Instance | undefined;
  let b: Instance | undefined;
  let nginx: Nginx | undefined;
  /** A client as nginx sees it: leaving from this loopback address. */
  const from = (address: string) => new TestClient(nginx!.httpsUrl, httpsFrom(nginx!.ca, address));
  const auth = {} as { token: string };
  let shop: number;
  let produit: number;
  let typeVente: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (database.config.kind !== 'postgres') throw new Error('PostgreSQL attendu');
    const ports = { http: await freePort(), https: await freePort() };
    const env = {
      JWT_SECRET: 'derrière-nginx-un-secret-partagé-0123456789',
      DEMO_DATA: '1',
      PUBLIC_URL: `https://127.0.0.1:${ports.https}`,
      TRUST_PROXY: '1',
      LOGIN_MAX_FAILURES_PER_IP: String(FAILURES_PER_IP),
    };
    a = await startInstance(database.config.url, env);
    b = await startInstance(database.config.url, env);
    nginx = await startNginx([a.port, b.port], ports);

    const client = from('127.0.0.1');
    Object.assign(auth, await login(client, role('ROLE_GERANT'), DEMO_PASSWORD));
    shop = ((await client.get('/api/account', auth)).body.services as Array<{ id: number }>)[0]!.id;
    ({ produit, typeVente } = await demoArticle(client, auth, shop, 'Article du répartiteur'));
  }, 600_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([a, b].map(stopInstance));
    await database?.drop();
  });

  const vendre = (client: TestClient) =>
    client.post(
      `/api/services/${shop}/ventes`,
      {
        cleIdempotence: cle(),
        typeVenteId: typeVente,
        lignes: [{ produitId: produit, quantite: 1000 }],
        paiements: [{ mode: 'especes', montant: 500 }],
      },
      auth,
    );

  it('en https, les ventes passent par les deux instances : numéros sans trou, HSTS', async () => {
    const before = nginx!.accessLog().length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => vendre(from('127.0.0.1'))));
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const numbers = answers
      .map((r) => Number(String(r.body.numero).slice(-6)))
      .sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]!).toBe(19);
    expect(answers[0]!.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const upstreams = new Set(
      nginx!
        .accessLog()
        .slice(before)
        .filter((line) => line.endsWith(' 201'))
        .map((line) => line.split(' ')[1]),
    );
    expect(upstreams).toEqual(new Set([`127.0.0.1:${a!.port}`, `127.0.0.1:${b!.port}`]));
  });

  it('en clair, toute adresse renvoie vers https', async () => {
    const r = await fetch(`${nginx!.httpUrl}/pages/ventes?x=1`, { redirect: 'manual' });
    expect(r.status).toBe(301);
    expect(r.headers.get('location')).toBe('https://127.0.0.1/pages/ventes?x=1');
  });

  it('un fichier de produits de plusieurs Mio passe le répartiteur (aperçu de l’import)', async () => {
    const owner = from('127.0.0.1');
    const token = await login(owner, role('ROLE_PROPRIETAIRE'), DEMO_PASSWORD);
    const lignes = Array.from({ length: 14_000 }, (_, i) => ({
      nom: `Article venu d’un gros fichier, numéro ${i}, avec un nom assez long pour peser`,
      reference: `GROS-${i}`,
      unite: 'pce',
      prixVente: 100 + i,
      stockInitial: 1000,
    }));
    expect(JSON.stringify({ lignes }).length).toBeGreaterThan(2 * 1024 * 1024);
    const r = await owner.post(
      `/api/services/${shop}/produits/import`,
      { lignes, dryRun: true },
      token,
    );
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    expect(r.body).toMatchObject({ lignes: 14_000, importes: 0 });
  });

  it('le frein des connexions compte l’adresse du client vue par nginx, pas celle qu’il écrit', async () => {
    const intrus = from('127.0.0.2');
    for (let i = 0; i < FAILURES_PER_IP; i++) {
      const r = await intrus.post('/api/auth/login', {
        email: `inconnu-${i}@exemple.fr`,
        password: 'pas-le-bon-mot-de-passe',
      });
      expect(r.status, `essai ${i + 1}`).toBe(401);
    }
    const bloque = await intrus.post('/api/auth/login', {
      email: role('ROLE_GERANT'),
      password: DEMO_PASSWORD,
    });
    expect(bloque.status).toBe(429);
    // Writing another address does not get it through: nginx adds the address it saw, on the
    // right, and the instance keeps that one (TRUST_PROXY=1).
    const deguise = await intrus.request('POST', '/api/auth/login', {
      body: { email: role('ROLE_GERANT'), password: DEMO_PASSWORD },
      headers: { 'x-forwarded-for': '127.0.0.9' },
    });
    expect(deguise.status).toBe(429);
    // Another client signs in: it is not the proxy's address that was blocked…
    const voisin = from('127.0.0.3');
    const ok = await voisin.post('/api/auth/login', {
      email: role('ROLE_GERANT'),
      password: DEMO_PASSWORD,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // …even when it writes the blocked address itself.
    const ecrit = await voisin.request('POST', '/api/auth/login', {
      body: { email: role('ROLE_GERANT'), password: DEMO_PASSWORD },
      headers: { 'x-forwarded-for': '127.0.0.2' },
    });
    expect(ecrit.status, JSON.stringify(ecrit.body)).toBe(200);
  });

  it('une instance arrêtée : l’autre continue de vendre par le répartiteur', async () => {
    await stopInstance(a);
    for (let i = 0; i < 6; i++) {
      const r = await vendre(from('127.0.0.1'));
      expect(r.status, `vente ${i + 1} : ${JSON.stringify(r.body)}`).toBe(201);
    }
  });
});
