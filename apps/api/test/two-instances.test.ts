import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo/seed.js';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from './support/database.js';
import { login } from './support/factories.js';
import { TestClient } from './support/http.js';
import { demoArticle, startInstance, stopInstance, type Instance } from './support/instances.js';
import { cle } from './ventes.fixtures.js';

const gerant = DEMO_ACCOUNTS.find((a) => a.role === 'ROLE_GERANT')!.email;
const SECRET = 'deux-instances-un-secret-partagé-0123456789';

/**
 * Two API processes on one PostgreSQL (issue 18, README « Plusieurs instances »): nothing that
 * two instances must share lives in memory. Sales through both at once keep gapless numbers, the
 * same idempotency key sent to both records one sale, the login throttle counts across both, and
 * a session opened on one works on the other. SQLite is one file for one process: PostgreSQL only.
 */
describe.runIf(TEST_DIALECT === 'postgres')('deux instances sur une base PostgreSQL', () => {
  let database: TestDatabase;
  let a: Instance;
  let b: Instance;
  let shop: number;
  let produit: number;
  let typeVente: number;
  const auth = {} as { token: string; refreshToken: string };

  beforeAll(async () => {
    database = await createTestDatabase();
    if (database.config.kind !== 'postgres') throw new Error('PostgreSQL attendu');
    const env = { JWT_SECRET: SECRET, DEMO_DATA: '1' };
    a = await startInstance(database.config.url, env);
    b = await startInstance(database.config.url, env);
    const session = await login(new TestClient(a.url), gerant, DEMO_PASSWORD);
    Object.assign(auth, session);
    shop = session.user.services[0]!.id;
    ({ produit, typeVente } = await demoArticle(
      new TestClient(a.url),
      auth,
      shop,
      'Article des deux instances',
    ));
  }, 600_000);

  afterAll(async () => {
    await Promise.all([a, b].map(stopInstance));
    await database?.drop();
  });

  const vente = (cleIdempotence = cle()) => ({
    cleIdempotence,
    typeVenteId: typeVente,
    lignes: [{ produitId: produit, quantite: 1000 }],
    paiements: [{ mode: 'especes', montant: 500 }],
  });

  it('des ventes par les deux instances à la fois : des numéros sans trou ni doublon', async () => {
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        new TestClient(i % 2 ? b.url : a.url).post(`/api/services/${shop}/ventes`, vente(), auth),
      ),
    );
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const numbers = answers
      .map((r) => Number(String(r.body.numero).slice(-6)))
      .sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(24);
    expect(numbers.at(-1)! - numbers[0]!).toBe(23);
  });

  it('la même clé envoyée aux deux instances enregistre une seule vente', async () => {
    const body = vente();
    const [ra, rb] = await Promise.all([
      new TestClient(a.url).post(`/api/services/${shop}/ventes`, body, auth),
      new TestClient(b.url).post(`/api/services/${shop}/ventes`, body, auth),
    ]);
    expect([ra.status, rb.status]).toEqual([201, 201]);
    const replayed = [ra, rb].map((r) => r.headers.get('idempotent-replayed'));
    expect(replayed.sort()).toEqual([null, 'true'].sort());
    expect(ra.body.id).toBe(rb.body.id);
    const c = new pg.Client({ connectionString: (database.config as { url: string }).url });
    await c.connect();
    const { rows } = await c.query(
      'select count(*)::int as n from ventes where cle_idempotence = $1',
      [body.cleIdempotence],
    );
    await c.end();
    expect(rows[0].n).toBe(1);
  });

  it('une session ouverte sur une instance sert sur l’autre, renouvellement compris', async () => {
    const onB = new TestClient(b.url);
    expect((await onB.get('/api/account', auth)).status).toBe(200);
    const renewed = await onB.post('/api/auth/refresh', { refreshToken: auth.refreshToken });
    expect(renewed.status).toBe(200);
    expect(
      (await new TestClient(a.url).get('/api/account', { token: renewed.body.token })).status,
    ).toBe(200);
  });

  it('les essais de connexion manqués se comptent sur les deux instances ensemble', async () => {
    const owner = DEMO_ACCOUNTS.find((x) => x.role === 'ROLE_PROPRIETAIRE')!.email;
    for (let i = 0; i < 5; i++) {
      const r = await new TestClient(i % 2 ? b.url : a.url).post('/api/auth/login', {
        email: owner,
        password: 'pas-le-bon-mot-de-passe',
      });
      expect(r.status, `essai ${i + 1}`).toBe(401);
    }
    // Five failures spread over both: the sixth attempt waits a minute, on either instance.
    for (const url of [a.url, b.url]) {
      const r = await new TestClient(url).post('/api/auth/login', {
        email: owner,
        password: DEMO_PASSWORD,
      });
      expect(r.status, url).toBe(429);
    }
  });
});
