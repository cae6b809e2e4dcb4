import { spawn, type ChildProcess } from 'node:child_process';
import type { TestClient } from './http.js';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A TCP port free at the time of asking, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface Instance {
  /** Where the instance itself listens (http, loopback). */
  url: string;
  port: number;
  proc: ChildProcess;
}

/**
 * A real API process, as `npm start` runs it (from the sources, through tsx), on `databaseUrl`.
 * Answers once `/api/health` does: started, migrated and, with DEMO_DATA, its demo data loaded
 * (the first instance on a fresh database may take long on a busy machine). `env` adds to or
 * replaces the defaults (PUBLIC_URL is the instance's own address unless given).
 */
export async function startInstance(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'comptoir-instance-')),
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`L'instance ${url} s'est arrêtée`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, port, proc };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Stops an instance and waits until its process has exited. */
export async function stopInstance(instance: Instance | undefined): Promise<void> {
  const proc = instance?.proc;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await exited;
}

/**
 * On the demo data of instances: a product with ample stock in `shop` (500 a piece, no VAT) and
 * the first sale type, for tests that sell through several instances.
 */
export async function demoArticle(
  client: TestClient,
  auth: { token: string },
  shop: number,
  nom: string,
): Promise<{ produit: number; typeVente: number }> {
  const unites = await client.get('/api/unites?size=100', auth);
  const piece = (unites.body.items as Array<{ id: number; nom: string }>).find(
    (u) => u.nom === 'pièce',
  )!.id;
  const created = await client.post(
    `/api/services/${shop}/produits`,
    { nom, uniteId: piece, prixVente: 500, prixAchat: 0, tauxTva: 0, stockInitial: 1_000_000 },
    auth,
  );
  if (created.status !== 201) throw new Error(`Produit refusé : ${JSON.stringify(created.body)}`);
  const types = await client.get('/api/types-ventes', auth);
  return {
    produit: created.body.id as number,
    typeVente: (types.body.items as Array<{ id: number }>)[0]!.id,
  };
}
