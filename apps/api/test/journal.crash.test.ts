import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifierJournal } from '../src/modules/journal/journal.verify.js';
import { TEST_DIALECT } from './support/database.js';
import { TestClient } from './support/http.js';
import { sellingWorld } from './support/retours-dettes.js';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from './support/test-app.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** A real API process on the test's database (as `npm start` runs it, from the sources). */
async function startProcess(databaseUrl: string): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'comptoir-crash-')),
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`Le processus ${url} s'est arrêté`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, proc };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe(`journal inaltérable : kill -9 du serveur pendant une rafale de ventes (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  let child: { url: string; proc: ChildProcess } | undefined;

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
    child = await startProcess(config.kind === 'postgres' ? config.url : `sqlite:${config.file}`);
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
