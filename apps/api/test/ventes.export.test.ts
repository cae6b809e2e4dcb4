import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_TOTAL_HEADER, venteExportQuerySchema } from '@comptoir/shared';
import { exportVentesCsv } from '../src/modules/ventes/ventes.export.js';
import { TEST_DIALECT } from './support/database.js';
import { expectWrittenInPieces } from './support/export.js';
import { createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { nouveauClient, nouveauProduit, panier, referentiels } from './ventes.fixtures.js';

/** The sales export written in pieces: the filtered list, in its order, the event loop free between pieces. */
describe(`export des ventes au fil de l’écriture (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  let owner: { token: string };
  let fatou: number;
  const url = (path = '') => `/api/services/${world.shopA.id}/ventes${path}`;
  // Quantities (in units) of the sales made; Fatou buys the even ones, cash pays all but the third.
  const QUANTITES = [1, 2, 3, 4, 5, 6, 7];

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    world = await createTenants(server.ctx);
    owner = { token: (await login(client, world.ownerA.email)).token };
    const ref = await referentiels(server.ctx);
    const produitId = await nouveauProduit(client, owner, world.shopA.id, {
      nom: 'Thé vert',
      uniteId: ref.piece,
      prixVente: 500,
      stockInitial: 1_000_000,
    });
    fatou = await nouveauClient(client, owner, world.shopA.id, 'Fatou Sène');
    for (const [i, n] of QUANTITES.entries()) {
      const answer = await client.post(
        url(),
        panier(ref.detail, [{ produitId, quantite: n * 1000 }], {
          ...(i % 2 === 1 ? { clientId: fatou } : {}),
          paiements: [{ mode: i === 2 ? 'carte' : 'especes', montant: n * 500 }],
        }),
        owner,
      );
      expect(answer.status).toBe(201);
    }
  });
  afterAll(() => server.close());

  /** The first cell (the sale's number) of each line of a CSV export, headers left out. */
  const numeros = (csv: string) =>
    csv
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(';')[0]);

  it('annonce le nombre de ventes et les écrit toutes, comme la liste filtrée les donne', async () => {
    for (const filters of [
      'sort=total_ttc,asc',
      `clientId=${fatou}&sort=numero,desc`,
      'mode=especes',
      'q=zzz',
    ]) {
      const answer = await client.get(`${url('/export.csv')}?${filters}`, owner);
      expect(answer.status).toBe(200);
      const list = (await client.get(`${url()}?${filters}&size=100`, owner)).body;
      expect(answer.headers.get(EXPORT_TOTAL_HEADER)).toBe(String(list.total));
      expect(numeros(answer.body as string)).toEqual(list.items.map((v: any) => v.numero));
    }
    const all = await client.get(`${url('/export.csv')}?sort=total_ttc,asc`, owner);
    expect(all.headers.get(EXPORT_TOTAL_HEADER)).toBe(String(QUANTITES.length));
    expect(all.headers.get('content-disposition')).toMatch(
      /^attachment; filename="ventes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
  });

  it('écrit par morceaux, en rendant la main entre deux : le même fichier que d’un seul tenant', async () => {
    const shop = await server.ctx.database.db
      .selectFrom('services')
      .selectAll()
      .where('id', '=', world.shopA.id)
      .executeTakeFirstOrThrow();
    const query = venteExportQuerySchema.parse({ sort: 'total_ttc,asc' });
    const pieces = await exportVentesCsv(server.ctx.database.db, shop, query, 2);
    const whole = (await client.get(`${url('/export.csv')}?sort=total_ttc,asc`, owner))
      .body as string;
    // The headers, then four pieces of at most two sales.
    await expectWrittenInPieces(pieces, QUANTITES.length, 2, whole);
  });
});
