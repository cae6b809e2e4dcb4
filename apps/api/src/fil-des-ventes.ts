import { parentPort } from 'node:worker_threads';
import type { VenteData } from '@comptoir/shared';
import type { Selectable } from 'kysely';
import { recordVente } from './modules/ventes/ventes.create.js';
import { openDatabase, type Database } from './db/database.js';
import type { ServicesTable } from './db/schema.js';
import { erreurSimple, type DemandeVente, type Reponse } from './db/sqlite-ventes.js';
import { runWithClock } from './db/time.js';

/**
 * Entry point of the thread of the sales (db/sqlite-ventes.ts), beside main.ts: one connection
 * per database the main thread opened, each sale run whole by `recordVente` on it (grouped COMMIT
 * included); paused, on request, in an empty transaction that holds its writer while the main
 * thread's writer writes.
 */
interface Base {
  database: Database;
  /** The pause in progress (its empty transaction), and what ends it once it has begun. */
  pause?: Promise<void>;
  reprise?: () => void;
  /** Closing: a pause that begins now ends at once. */
  fermee?: boolean;
}

const bases = new Map<number, Base>();

interface Message {
  id: number;
  base: number;
  ouvrir?: string;
  vente?: DemandeVente;
  suspendre?: true;
  reprendre?: true;
  fermer?: true;
}

async function traiter(m: Message): Promise<unknown> {
  if (m.ouvrir !== undefined) {
    bases.set(m.base, {
      database: openDatabase({ kind: 'sqlite', file: m.ouvrir }, { filDesVentes: true }),
    });
    return undefined;
  }
  const base = bases.get(m.base);
  if (!base) throw new Error('Base inconnue du fil des ventes SQLite');
  if (m.vente) return vendre(base, m.vente);
  if (m.suspendre)
    return new Promise<void>((suspendue, echec) => {
      base.pause = base.database.db.transaction().execute(
        () =>
          new Promise<void>((reprise) => {
            suspendue();
            if (base.fermee) return reprise();
            base.reprise = reprise;
          }),
      );
      // The open group's COMMIT failed (rolled back): the main thread is told, and goes on.
      base.pause.catch(echec);
    });
  if (m.reprendre) {
    base.reprise?.();
    base.reprise = undefined;
    return base.pause?.catch(() => {});
  }
  bases.delete(m.base);
  base.fermee = true;
  base.reprise?.();
  await base.pause?.catch(() => {});
  return base.database.close();
}

/**
 * A sale, timed as on the main thread: by the system's clock at the moment it is written, or by
 * the caller's clock (a test's) when it has its own.
 */
function vendre(base: Base, d: DemandeVente): Promise<unknown> {
  const ecrire = () =>
    recordVente(
      base.database.db,
      d.userId,
      d.service as Selectable<ServicesTable>,
      d.input as VenteData,
      d.maintenant === undefined ? {} : { now: new Date(d.maintenant) },
    );
  if (d.horloge === undefined) return ecrire();
  const instant = new Date(d.horloge);
  return runWithClock({ now: () => instant }, ecrire);
}

parentPort!.on('message', (m: Message) => {
  traiter(m).then(
    (valeur) => parentPort!.postMessage({ id: m.id, valeur } satisfies Reponse),
    (error: unknown) =>
      parentPort!.postMessage({ id: m.id, erreur: erreurSimple(error) } satisfies Reponse),
  );
});
