import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { newKey, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * core/idempotence.ts through a document that looks up its key outside its transaction (a
 * return): duplicates sent together race to the unique key; the losers are answered as replays of
 * the winner, never a 500, and the document is written once.
 */
describe(`idempotence des documents (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof sellingWorld>>;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    w = await sellingWorld(server.ctx, client);
  });
  afterAll(() => server.close());

  it('retours en double envoyés ensemble : un seul retour, les autres sont des rejeux identiques', async () => {
    const p = await w.produit({ prix: 800, stock: 6000 });
    const vente = await w.vente({
      lignes: [{ produitId: p.id, quantite: 6000 }],
      paiements: [{ mode: 'especes', montant: 4800 }],
    });
    const body = {
      cleIdempotence: newKey(),
      lignes: [{ ligneId: vente.lignes[0].id, quantite: 1000 }],
      mode: 'remboursement',
      modeRemboursement: 'especes',
    };
    const url = `${w.shopUrl()}/ventes/${vente.id}/retours`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => client.post(url, body, w.tokens.managerA)),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(5);
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    const db = server.ctx.database.db;
    const rows = await db
      .selectFrom('retours')
      .select('id')
      .where('vente_id', '=', vente.id)
      .execute();
    expect(rows).toHaveLength(1);
    const produit = await db
      .selectFrom('produits')
      .select('quantite')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(produit.quantite)).toBe(1000);
  });
});
