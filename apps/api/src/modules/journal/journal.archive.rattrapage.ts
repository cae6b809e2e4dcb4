import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { construireArchive, enregistrerArchive } from './journal.archive.js';
import { cleInstallation, type CleInstallation } from './journal.cle.js';
import { estCloture } from './journal.clotures.limites.js';

/**
 * The archives that month and year closures made before archives existed (migration 025) never
 * got (docs/regles-metier.md « Archives du journal »): each is built from the chain by the very
 * builder of a closure (same segment, signature and check), dated and kept six years from its
 * closure's day, and recorded in the JET like any archive. Run in the background by the
 * housekeeping, at start-up then every ten minutes: it finds nothing once every closure has
 * its archive. Each archive is read and zipped outside any transaction (the chain never
 * changes), then stored in a short one that takes no lock a sale waits for; one closure at a
 * time, the event loop let go between two. Idempotent: a closure that got its archive meanwhile
 * (another instance) is skipped. Returns the number of archives built.
 */
export async function archivesManquantes(db: Kysely<DB>): Promise<number> {
  const shops = await db.selectFrom('journal_tetes').select('service_id').execute();
  let cle: CleInstallation | null = null;
  let faites = 0;
  for (const { service_id } of shops) {
    const sans = await db
      .selectFrom('journal_entrees as e')
      .leftJoin('journal_archives as a', (join) =>
        join
          .onRef('a.service_id', '=', 'e.service_id')
          .onRef('a.cloture_sequence', '=', 'e.sequence'),
      )
      .select('e.sequence')
      .where('e.service_id', '=', service_id)
      .where(estCloture('e'))
      .where('e.type', 'in', ['cloture_mois', 'cloture_exercice'])
      .where('a.id', 'is', null)
      .orderBy('e.sequence')
      .execute();
    for (const { sequence } of sans) {
      cle ??= await cleInstallation(db);
      const archive = await construireArchive(db, cle, service_id, Number(sequence));
      if (await db.transaction().execute((trx) => enregistrerArchive(trx, service_id, archive)))
        faites += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return faites;
}
