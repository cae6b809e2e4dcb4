import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  achatExportQuerySchema,
  EXPORT_TOTAL_HEADER,
  factureListQuerySchema,
} from '@comptoir/shared';
import { runWithClock } from '../src/db/time.js';
import { exportAchatsCsv } from '../src/modules/achats/achats.list.js';
import { exportFacturesCsv } from '../src/modules/factures/factures.list.js';
import { exportInventaireCsv } from '../src/modules/inventaires/inventaires.csv.js';
import { buyingWorld } from './support/achats.js';
import { TEST_DIALECT } from './support/database.js';
import { expectWrittenInPieces } from './support/export.js';
import type { TestClient } from './support/http.js';
import { localDay, newKey } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The purchases, invoices and inventory exports written in pieces (core/csv-export.ts), as the
 * sales' (ventes.export.test) and the products' are: the count announced, the list's order (French
 * order of names for an inventory), the event loop given back between two pieces, and the pieces
 * joined the same file as the route sends.
 */
describe(`exports des achats, factures et inventaires par morceaux (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof buyingWorld>>;
  const url = (path: string) => `${w.shopUrl()}${path}`;
  const shop = () =>
    server.ctx.database.db
      .selectFrom('services')
      .selectAll()
      .where('id', '=', w.world.shopA.id)
      .executeTakeFirstOrThrow();
  /** The first cell of each line of a CSV export, headers left out. */
  const premieres = (csv: string) =>
    csv
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(';')[0]);
  /** The export answered by the route, its announced count and its first cells. */
  async function exporte(path: string) {
    const answer = await client.get(url(path), w.tokens.ownerA);
    expect(answer.status).toBe(200);
    const body = answer.body as string;
    return { body, total: answer.headers.get(EXPORT_TOTAL_HEADER), premieres: premieres(body) };
  }

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    w = await buyingWorld(server.ctx, client);
  });
  afterAll(() => server.close());

  it('achats : cinq validés et un brouillon, par total croissant, en morceaux de deux', async () => {
    const f = await w.fournisseur('Fournisseur exporté');
    const p = await w.produit({ prix: 1000, stock: 10_000 });
    for (const prix of [500, 100, 400, 200, 300])
      await w.achat({
        fournisseurId: f.id,
        lignes: [{ produitId: p.id, quantite: 1000, prixUnitaire: prix }],
      });
    const draft = await w.postAchat({
      fournisseurId: f.id,
      lignes: [{ produitId: p.id, quantite: 1000, prixUnitaire: 250 }],
    });
    expect(draft.status).toBe(201);
    const filtres = `fournisseurId=${f.id}&sort=total,asc`;
    const list = (await client.get(url(`/achats?${filtres}&size=100`), w.tokens.ownerA)).body;
    const csv = await exporte(`/achats/export.csv?${filtres}`);
    expect(csv.total).toBe('6');
    expect(csv.premieres).toEqual(list.items.map((a: any) => a.numero ?? 'Brouillon'));
    expect(csv.premieres[2]).toBe('Brouillon');
    const query = achatExportQuerySchema.parse({ fournisseurId: String(f.id), sort: 'total,asc' });
    const pieces = await exportAchatsCsv(server.ctx.database.db, await shop(), query, 2);
    await expectWrittenInPieces(pieces, 6, 2, csv.body);
  });

  it('factures : cinq factures d’un client, par total décroissant, en morceaux de deux', async () => {
    const cli = await w.clientNamed('Client des factures exportées');
    for (const prix of [1100, 5500, 3300, 2200, 4400]) {
      const p = await w.produit({ prix, stock: 100_000 });
      const vente = await w.vente({
        clientId: cli.id,
        echeance: localDay(10, server.clock),
        lignes: [{ produitId: p.id, quantite: 1000 }],
      });
      const facture = await client.post(
        url('/factures'),
        { cleIdempotence: newKey(), venteIds: [vente.id] },
        w.tokens.ownerA,
      );
      expect(facture.status).toBe(201);
    }
    const filtres = `clientId=${cli.id}&sort=total_ttc,desc`;
    const list = (await client.get(url(`/factures?${filtres}&size=100`), w.tokens.ownerA)).body;
    expect(list.items.map((f: any) => f.totalTtc)).toEqual([5500, 4400, 3300, 2200, 1100]);
    const csv = await exporte(`/factures/export.csv?${filtres}`);
    expect(csv.total).toBe('5');
    expect(csv.premieres).toEqual(list.items.map((f: any) => f.numero));
    const {
      page: _page,
      size: _size,
      ...query
    } = factureListQuerySchema.parse({
      clientId: String(cli.id),
      sort: 'total_ttc,desc',
    });
    // Read on the server's day, as a request is (an invoice's status depends on it).
    const service = await shop();
    await runWithClock(server.clock, async () =>
      expectWrittenInPieces(
        await exportFacturesCsv(server.ctx.database.db, service, query, 2),
        5,
        2,
        csv.body,
      ),
    );
  });

  it('inventaire : les lignes d’un rayon dans l’ordre français des noms, en morceaux de deux', async () => {
    const rayon = await client.post(url('/categories'), { nom: 'Rayon exporté' }, w.tokens.ownerA);
    expect(rayon.status).toBe(201);
    for (const nom of ['Zongo', 'Éric', 'œuf', 'eau', 'Émile']) {
      const p = await client.post(
        url('/produits'),
        {
          nom,
          uniteId: w.unite.id,
          prixVente: 200,
          prixAchat: 100,
          stockInitial: 3000,
          categorieId: rayon.body.id,
        },
        w.tokens.ownerA,
      );
      expect(p.status).toBe(201);
    }
    const inventaire = await client.post(
      url('/inventaires'),
      { perimetre: 'categories', categorieIds: [rayon.body.id] },
      w.tokens.ownerA,
    );
    expect(inventaire.status).toBe(201);
    const id = inventaire.body.id as number;
    const csv = await exporte(`/inventaires/${id}/export.csv`);
    expect(csv.total).toBe('5');
    expect(csv.premieres).toEqual(['eau', 'Émile', 'Éric', 'œuf', 'Zongo']);
    const pieces = await exportInventaireCsv(server.ctx, await shop(), id, 2);
    await expectWrittenInPieces(pieces, 5, 2, csv.body);
  });
});
