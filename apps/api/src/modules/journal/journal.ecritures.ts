import { sql, type Insertable, type Kysely } from 'kysely';
import { figee } from '../../db/figees.js';
import type { DB } from '../../db/schema.js';
import type { Chaine } from './journal.append.js';

/** The statements of an append that Node chains, per chain, built once (db/figees.ts). */
function ecrituresDe(chaine: Chaine) {
  const tetes = `${chaine}_tetes` as 'journal_tetes';
  const entrees = `${chaine}_entrees` as 'journal_entrees';
  return {
    tete: figee((db: Kysely<DB>, serviceId: number, genese: string) =>
      db
        .insertInto(tetes)
        .values({ service_id: serviceId, sequence: 1, hash: genese })
        .onConflict((oc) =>
          oc.column('service_id').doUpdateSet({ sequence: sql`${sql.ref(tetes)}.sequence + 1` }),
        )
        .returning(['sequence', 'hash', 'horloge']),
    ),
    entree: figee(
      (db: Kysely<DB>, ligne: Insertable<DB['journal_entrees']>) =>
        db.insertInto(entrees).values(ligne),
      { nullsEnValeurs: true },
    ),
    hash: figee((db: Kysely<DB>, hash: string, horloge: string, serviceId: number) =>
      db.updateTable(tetes).set({ hash, horloge }).where('service_id', '=', serviceId),
    ),
  };
}
export const ecritures = { journal: ecrituresDe('journal'), jet: ecrituresDe('jet') };
