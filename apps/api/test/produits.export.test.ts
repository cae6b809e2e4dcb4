import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_TOTAL_HEADER, produitExportQuerySchema } from '@comptoir/shared';
import { exportProduitsCsv } from '../src/modules/produits/produits.service.js';
import { TEST_DIALECT } from './support/database.js';
import { expectWrittenInPieces } from './support/export.js';
import { createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/** The products export written in pieces: the whole list, in order, the event loop free between pieces. */
describe(`export des produits au fil de l’écriture (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  let owner: { token: string };
  const NOMS = ['Zongo', 'Émile', 'eau', 'Éric', 'œuf'];
  const url = (path = '') => `/api/services/${world.shopA.id}/produits${path}`;

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    world = await createTenants(server.ctx);
    owner = { token: (await login(client, world.ownerA.email)).token };
    const { id: uniteId } = await server.ctx.database.db
      .selectFrom('unites')
      .select('id')
      .where('nom', '=', 'pièce')
      .executeTakeFirstOrThrow();
    for (const nom of NOMS) {
      const answer = await client.post(url(), { nom, uniteId, prixVente: 100 }, owner);
      expect(answer.status).toBe(201);
    }
  });
  afterAll(() => server.close());

  const service = () =>
    server.ctx.database.db
      .selectFrom('services')
      .selectAll()
      .where('id', '=', world.shopA.id)
      .executeTakeFirstOrThrow();

  it('annonce le nombre de produits et les écrit tous, dans l’ordre de la liste', async () => {
    const answer = await client.get(`${url('/export.csv')}?sort=nom,asc`, owner);
    expect(answer.status).toBe(200);
    expect(answer.headers.get(EXPORT_TOTAL_HEADER)).toBe(String(NOMS.length));
    const noms = (answer.body as string)
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(';')[0]);
    expect(noms).toEqual(['eau', 'Émile', 'Éric', 'œuf', 'Zongo']);
    const filtered = await client.get(`${url('/export.csv')}?q=eau`, owner);
    expect(filtered.headers.get(EXPORT_TOTAL_HEADER)).toBe('1');
  });

  it('écrit par morceaux, en rendant la main entre deux : le même fichier que d’un seul tenant', async () => {
    const query = produitExportQuerySchema.parse({ sort: 'nom,asc' });
    const pieces = await exportProduitsCsv(server.ctx, await service(), query, 2);
    const whole = (await client.get(`${url('/export.csv')}?sort=nom,asc`, owner)).body as string;
    // The headers, then three pieces of at most two products.
    await expectWrittenInPieces(pieces, NOMS.length, 2, whole);
  });
});
