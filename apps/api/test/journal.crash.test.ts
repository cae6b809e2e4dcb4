import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifierJournal } from '../src/modules/journal/journal.verify.js';
import { TEST_DIALECT } from './support/database.js';
import { TestClient } from './support/http.js';
import { startInstance, type Instance } from './support/instances.js';
import { sellingWorld } from './support/retours-dettes.js';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from './support/test-app.js';

describe(`journal inaltérable : kill -9 du serveur pendant une rafale de ventes (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  let child: Instance | undefined;

  beforeAll(async () => {
    server = await startTestServer();
    w = await sellingWorld(server.ctx, server.client());
  });
  afterAll(async () => {
    child?.proc.kill('SIGKILL');
    await server.close();
  });

  it('aucune vente sans son entrée, aucune entrée sans sa vente, la chaîne reste intacte', async () => {
    const produit = await w.produit({ prix: 900, stock: 10_000_000 });
    const config = server.ctx.config.database;
    child = await startInstance(config.kind === 'postgres' ? config.url : `sqlite:${config.file}`, {
      JWT_SECRET: TEST_JWT_SECRET,
    });
    const terminal = () => new TestClient(child!.url);
    const sale = (i: number) =>
      terminal()
        .post(
          `${w.shopUrl()}/ventes`,
          {
            cleIdempotence: `rafale-${i}`,
            typeVenteId: w.typeVente.id,
            lignes: [{ produitId: produit.id, quantite: 1000 }],
            paiements: [{ mode: 'especes', montant: 900 }],
          },
          w.tokens.ownerA,
        )
        .then(
          (a) => a.status,
          () => 0,
        );
    // Waves of 20 concurrent sales; the process is killed (SIGKILL) while a wave is in flight.
    let n = 0;
    let ok = 0;
    for (let wave = 0; ok < 30 && wave < 10; wave++) {
      const sent = Array.from({ length: 20 }, () => sale(n++));
      ok += (await Promise.all(sent)).filter((s) => s === 201).length;
    }
    const last = Array.from({ length: 20 }, () => sale(n++));
    await new Promise((r) => setTimeout(r, 40));
    child.proc.kill('SIGKILL');
    const statuses = await Promise.all(last);
    if (child.proc.exitCode === null && child.proc.signalCode === null)
      await new Promise((r) => child!.proc.once('exit', r));
    expect(ok).toBeGreaterThanOrEqual(30);
    expect(statuses.filter((s) => s === 0).length).toBeGreaterThan(0);

    const { db } = server.ctx.database;
    const shop = w.world.shopA.id;
    const ventes = await db
      .selectFrom('ventes')
      .select('numero')
      .where('service_id', '=', shop)
      .execute();
    const entrees = await db
      .selectFrom('journal_entrees')
      .select('reference')
      .where('service_id', '=', shop)
      .where('type', '=', 'vente')
      .execute();
    expect(ventes.length).toBeGreaterThanOrEqual(30);
    expect(entrees.map((e) => e.reference).sort()).toEqual(ventes.map((v) => v.numero).sort());
    expect(await verifierJournal(db, shop)).toMatchObject({ valide: true, entrees: ventes.length });
  }, 300_000);
});
