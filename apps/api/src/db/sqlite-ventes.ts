import { Worker } from 'node:worker_threads';
import { AppError } from '../core/errors.js';

/**
 * SQLite: the sales on a thread of their own (issue 18). better-sqlite3 waits on the thread that
 * calls it: a sale's statements and the COMMIT of its group, which waits for the disk
 * (`synchronous=FULL`), took the only thread of Node while the other tills' requests waited. A
 * worker thread (its entry point `fil-des-ventes.ts`, beside main.ts), with its own connection
 * to each database file, runs each sale whole — `recordVente` with its grouped COMMIT
 * (sqlite-groupe.ts) — and answers once the sale is on disk; the main thread meanwhile reads,
 * checks and answers the other requests.
 * Every other write stays on the main thread's writer: while it writes, the worker is paused (it
 * holds its own writer in an empty transaction after committing its open group), so that the two
 * writers never write at once and SQLite never makes either wait. A worker that cannot start or
 * stops, or a file it cannot open: the sales are recorded on the main thread, as before, those in
 * flight included (their idempotency key answers one the worker had committed).
 */
export interface FilDesVentes {
  /** A sale recorded by the worker (its `recordVente`): the sale and whether it was a replay. */
  vendre(demande: DemandeVente): Promise<unknown>;
  /** Resolves once the worker has committed its group and holds off: the main writer's turn. */
  suspendre(): Promise<void>;
  /** The worker may write again. */
  reprendre(): void;
  /** The worker's connection to this database closed (its open group committed first). */
  fermer(): Promise<void>;
  /** False once the worker has stopped or could not open the file: sales stay on this thread. */
  readonly vivant: boolean;
}

/** What the worker needs for a sale: `recordVente`'s arguments, times as milliseconds. */
export interface DemandeVente {
  userId: number;
  service: unknown;
  input: unknown;
  /** `options.now` when the caller gave one (demo data, tests). */
  maintenant?: number;
  /** The instant of the caller's clock when it is not the system's (a test's, set by the test). */
  horloge?: number;
}

/** A message of the worker: the answer to a request, or an error made plain. */
export interface Reponse {
  id: number;
  valeur?: unknown;
  erreur?: ErreurSimple;
}

/** An error as it crosses threads: an AppError's fields, or a message and SQLite's code. */
export interface ErreurSimple {
  app?: Pick<AppError, 'status' | 'code' | 'title' | 'detail' | 'errors' | 'headers'>;
  message: string;
  code?: string;
  /** Where it was thrown, on the worker: the main thread's log shows it for an unexpected error. */
  stack?: string;
}

export const erreurSimple = (error: unknown): ErreurSimple =>
  error instanceof AppError
    ? {
        app: {
          status: error.status,
          code: error.code,
          title: error.title,
          detail: error.detail,
          ...(error.errors ? { errors: error.errors } : {}),
          ...(error.headers ? { headers: error.headers } : {}),
        },
        message: error.message,
      }
    : {
        message: error instanceof Error ? error.message : String(error),
        ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
        ...(typeof (error as { code?: unknown })?.code === 'string'
          ? { code: (error as { code: string }).code }
          : {}),
      };

const erreurDe = (e: ErreurSimple): Error =>
  e.app
    ? new AppError(e.app.status, e.app.code, e.app.title, e.app.detail, e.app.errors, e.app.headers)
    : Object.assign(new Error(e.message), {
        ...(e.code ? { code: e.code } : {}),
        ...(e.stack ? { stack: e.stack } : {}),
      });

interface Attente {
  ok: (valeur: unknown) => void;
  ko: (erreur: unknown) => void;
}

interface Travailleur {
  worker: Worker;
  attentes: Map<number, Attente>;
  arrete: boolean;
  /** Requests waiting for an answer, every database together. */
  enCours: number;
}

let travailleur: Travailleur | null = null;
let prochainId = 0;
let prochaineBase = 0;

/**
 * The worker, one per process for every database. Under TypeScript (tests, `tsx`) it loads its
 * sources through tsx; built, `dist/fil-des-ventes.js` beside `dist/main.js`.
 */
function demarrer(): Travailleur {
  const source = import.meta.url.endsWith('.ts');
  const url = new URL(source ? '../fil-des-ventes.ts' : './fil-des-ventes.js', import.meta.url);
  const worker = source
    ? new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})` +
          `.then((t) => { t.register(); return import(${JSON.stringify(url.href)}); })`,
        { eval: true },
      )
    : new Worker(url);
  const t: Travailleur = { worker, attentes: new Map(), arrete: false, enCours: 0 };
  worker.on('message', (m: Reponse) => {
    const attente = t.attentes.get(m.id);
    t.attentes.delete(m.id);
    if (m.erreur) attente?.ko(erreurDe(m.erreur));
    else attente?.ok(m.valeur);
  });
  const arret = (error?: unknown) => {
    if (t.arrete) return;
    t.arrete = true;
    if (travailleur === t) travailleur = null;
    for (const a of t.attentes.values())
      a.ko(error ?? new Error('Le fil des ventes SQLite s’est arrêté'));
    t.attentes.clear();
  };
  worker.on('error', arret);
  worker.on('exit', () => arret());
  // Last: a listener added after unref() would hold the process open.
  worker.unref();
  return t;
}

/** The worker's connection to `fichier`, opened as the main thread's writer opened its own. */
export function filDesVentes(fichier: string): FilDesVentes {
  travailleur ??= demarrer();
  const t = travailleur;
  const base = prochaineBase++;
  const demander = (message: Record<string, unknown>): Promise<unknown> => {
    if (t.arrete) return Promise.reject(new Error('Le fil des ventes SQLite s’est arrêté'));
    const id = prochainId++;
    // The worker holds the process open while it owes an answer (it does not otherwise).
    if (t.enCours++ === 0) t.worker.ref();
    const fini = () => {
      if (--t.enCours === 0 && !t.arrete) t.worker.unref();
    };
    return new Promise<unknown>((ok, ko) => {
      t.attentes.set(id, { ok, ko });
      t.worker.postMessage({ ...message, id, base });
    }).finally(fini);
  };
  // A database the worker could not open: its sales stay on the main thread.
  let ouverte = true;
  void demander({ ouvrir: fichier }).catch(() => {
    ouverte = false;
  });
  return {
    vendre: (demande) => demander({ vente: demande }),
    suspendre: async () => {
      await demander({ suspendre: true }).catch(() => {});
    },
    reprendre: () => void demander({ reprendre: true }).catch(() => {}),
    fermer: async () => {
      ouverte = false;
      await demander({ fermer: true }).catch(() => {});
    },
    get vivant() {
      return ouverte && !t.arrete;
    },
  };
}

/**
 * Stops the worker, as if it had failed: its sales in flight fail, the following ones are recorded
 * on the main thread (tests of that fallback).
 */
export async function arreterFilDesVentes(): Promise<void> {
  await travailleur?.worker.terminate();
}
