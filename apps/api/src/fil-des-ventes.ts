import { parentPort } from 'node:worker_threads';
import type { VenteData } from '@comptoir/shared';
import type { Selectable } from 'kysely';
import { recordVente } from './modules/ventes/ventes.create.js';
import type { LigneFixee } from './modules/ventes/ventes.prepare.js';
import type { VenteCaisseOptions } from './modules/ventes/ventes.types.js';
import { openDatabase, type Database } from './db/database.js';
import type { ServicesTable } from './db/schema.js';
import { erreurSimple, type DemandeVente, type Reponse } from './db/sqlite-ventes.js';
import { runWithClock } from './db/time.js';

/**
 * Entry point of the thread of the sales (db/sqlite-ventes.ts), beside main.ts: one connection per database the main thread opened,
 * each sale run whole by `recordVente` on it (grouped COMMIT included); paused, on request, in
 * an empty transaction that holds its writer while the main thread's writer writes.
 */
interface Base {
  database: Database;
  /** Ends the pause (its empty transaction), and that transaction once it is over. */
  reprise?: () => void;
  pause?: Promise<void>;
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
    return new Promise<void>((suspendue) => {
      base.pause = base.database.db.transaction().execute(
        () =>
          new Promise<void>((reprise) => {
            base.reprise = reprise;
            suspendue();
          }),
      );
    });
  if (m.reprendre) {
    base.reprise?.();
    base.reprise = undefined;
    return base.pause;
  }
  bases.delete(m.base);
  base.reprise?.();
  await base.pause;
  return base.database.close();
}

/** A sale at the main thread's time (its clock: the system's, or a test's). */
function vendre(base: Base, d: DemandeVente): Promise<unknown> {
  const maintenant = new Date(d.maintenant);
  return runWithClock({ now: () => maintenant }, () =>
    recordVente(
      base.database.db,
      d.userId,
      d.service as Selectable<ServicesTable>,
      d.input as VenteData,
      {
        now: maintenant,
        ...(d.horsLigne ? { horsLigne: d.horsLigne as VenteCaisseOptions } : {}),
        ...(d.fixees ? { fixees: d.fixees as LigneFixee[] } : {}),
      },
    ),
  );
}

parentPort!.on('message', (m: Message) => {
  traiter(m).then(
    (valeur) => parentPort!.postMessage({ id: m.id, valeur } satisfies Reponse),
    (error: unknown) =>
      parentPort!.postMessage({ id: m.id, erreur: erreurSimple(error) } satisfies Reponse),
  );
});
