import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filDe } from '../src/db/database.js';
import { arreterFilDesVentes } from '../src/db/sqlite-ventes.js';
import { TEST_DIALECT } from './support/database.js';
import { sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * SQLite: the sales recorded on a thread of their own (src/db/sqlite-ventes.ts), with their own
 * connection to the file. A third connection that never waits (`busy_timeout = 0`) plays the main
 * thread's writer: it must find the file free whenever the sales' thread is idle or paused.
 */
describe.skipIf(TEST_DIALECT !== 'sqlite')('SQLite : les ventes sur leur propre fil', () => {
  let server: TestServer;
  let temoin: SQLite.Database;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  let produit: { id: number };

  beforeAll(async () => {
    server = await startTestServer();
    const config = server.ctx.config.database;
    if (config.kind !== 'sqlite') throw new Error('SQLite attendu');
    temoin = new SQLite(config.file);
    temoin.pragma('busy_timeout = 0');
    w = await sellingWorld(server.ctx, server.client());
    produit = await w.produit({ prix: 700, stock: 100_000 });
  });
  afterAll(async () => {
    temoin?.close();
    await server?.close();
  });

  const vente = () =>
    w.vente({
      lignes: [{ produitId: produit.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 700 }],
    }) as Promise<{ id: number }>;
  const surLeDisque = (id: number) =>
    (temoin.prepare('select count(*) as n from ventes where id = ?').get(id) as { n: number }).n;
  const ecrireAPart = () =>
    temoin.prepare('update produits set description = ? where id = ?').run('témoin', produit.id);

  it('une vente répondue est sur le disque et le fil ne garde pas la base ; suspendu, il la laisse au fil principal et garde ses ventes jusqu’à la reprise', async () => {
    const fil = filDe(server.ctx.database.db);
    expect(fil).toBeDefined();
    const v = await vente();
    expect(surLeDisque(v.id)).toBe(1);
    expect(() => ecrireAPart()).not.toThrow();

    // Ten sales at once, then the pause: those the thread took are committed before it holds off.
    const avant = Array.from({ length: 10 }, () => vente());
    await fil!.suspendre();
    expect(() => ecrireAPart()).not.toThrow();
    let repris = false;
    const pendant = vente().then((r) => {
      expect(repris).toBe(true);
      return r;
    });
    // Time for that sale to reach the thread (a shorter wait only makes this test less strict).
    await new Promise((fin) => setTimeout(fin, 300));
    expect(() => ecrireAPart()).not.toThrow();
    repris = true;
    fil!.reprendre();
    for (const r of [...(await Promise.all(avant)), await pendant])
      expect(surLeDisque(r.id)).toBe(1);
  });

  it('un fil qui s’arrête : ses ventes en vol et les suivantes sont écrites par le fil principal', async () => {
    const enVol = Array.from({ length: 10 }, () => vente());
    await arreterFilDesVentes();
    expect(filDe(server.ctx.database.db)).toBeUndefined();
    const v = await vente();
    for (const r of [...(await Promise.all(enVol)), v]) expect(surLeDisque(r.id)).toBe(1);
    expect(() => ecrireAPart()).not.toThrow();
  });
});
