import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * SQLite's checkpoints, off the writer's thread. In WAL mode a COMMIT appends its pages to the
 * `-wal` file; a checkpoint copies them back into the database file and syncs it. By default the
 * COMMIT that takes the WAL past 1,000 pages does it, on the writer, and better-sqlite3 waits on
 * Node's only thread: at ten tills one COMMIT in four took 16 to 25 ms instead of about 5, and
 * every request waited meanwhile. Here a worker thread, with its own connection per database,
 * runs a PASSIVE checkpoint every 100 ms: it copies what the writer has committed without waiting
 * for it or stopping it, and the writer starts its WAL over once everything has been copied.
 * The writer keeps its own checkpoints past 10,000 pages (40 MiB), for a worker that fell behind;
 * if the worker stops, writers go back to SQLite's 1,000.
 */
const PERIODE_MS = 100;
export const SECOURS_PAGES = 10_000;
const PAGES_SQLITE = 1_000;

/**
 * The worker: one connection per open database, a PASSIVE checkpoint of each every period. It
 * reports a database it could not open or checkpoint (that one goes back to the writer's
 * checkpoints).
 */
const CODE_DU_TRAVAILLEUR = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.module);
const bases = new Map();
parentPort.on('message', (m) => {
  if (m.ouvrir !== undefined) {
    try {
      const c = new SQLite(m.fichier);
      c.pragma('synchronous = FULL');
      bases.set(m.ouvrir, c);
    } catch {
      parentPort.postMessage({ id: m.ouvrir, echec: true });
    }
    return;
  }
  bases.get(m.fermer)?.close();
  bases.delete(m.fermer);
  parentPort.postMessage({ ferme: m.fermer });
});
setInterval(() => {
  for (const [id, c] of bases) {
    try {
      c.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      c.close();
      bases.delete(id);
      parentPort.postMessage({ id, echec: true });
    }
  }
}, workerData.periode);
`;

let travailleur: Worker | null = null;
let prochainId = 0;
/** The writer of each database handed to the worker. */
const ouvertes = new Map<number, SQLite.Database>();
const fermetures = new Map<number, () => void>();

function demarrer(): Worker {
  const w = new Worker(CODE_DU_TRAVAILLEUR, {
    eval: true,
    workerData: {
      module: createRequire(import.meta.url).resolve('better-sqlite3'),
      periode: PERIODE_MS,
    },
  });
  w.on('message', (m: { ferme?: number; id?: number; echec?: true }) => {
    if (m.ferme !== undefined) fermetures.get(m.ferme)?.();
    const ecrivain = m.id === undefined ? undefined : ouvertes.get(m.id);
    if (ecrivain && m.echec) rendreAuxEcrivains([ecrivain]);
  });
  // A worker that fails or ends: its databases go back to the writer's own checkpoints.
  const arret = () => {
    if (travailleur !== w) return;
    travailleur = null;
    rendreAuxEcrivains(ouvertes.values());
    for (const fini of fermetures.values()) fini();
  };
  w.on('error', arret);
  w.on('exit', arret);
  // Last: a listener added after unref() would hold the process open.
  w.unref();
  return w;
}

function rendreAuxEcrivains(ecrivains: Iterable<SQLite.Database>): void {
  for (const e of ecrivains) if (e.open) e.pragma(`wal_autocheckpoint = ${PAGES_SQLITE}`);
}

export interface PointsDeControle {
  /** Closes the worker's connection to the file: call it before the writer's. */
  fermer(): Promise<void>;
}

/** Hands the checkpoints of `fichier`, opened by `ecrivain` in WAL mode, to the worker. */
export function pointsDeControle(fichier: string, ecrivain: SQLite.Database): PointsDeControle {
  travailleur ??= demarrer();
  const w = travailleur;
  const id = prochainId++;
  ouvertes.set(id, ecrivain);
  ecrivain.pragma(`wal_autocheckpoint = ${SECOURS_PAGES}`);
  w.postMessage({ ouvrir: id, fichier });
  return {
    fermer: () =>
      new Promise<void>((fini) => {
        ouvertes.delete(id);
        if (travailleur !== w) return fini();
        // The worker holds the process open until it has answered (it does not otherwise).
        w.ref();
        fermetures.set(id, () => {
          fermetures.delete(id);
          if (fermetures.size === 0) w.unref();
          fini();
        });
        w.postMessage({ fermer: id });
      }),
  };
}
