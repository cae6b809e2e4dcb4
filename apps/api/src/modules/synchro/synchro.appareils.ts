import type { Kysely } from 'kysely';
import type { CaisseAppareil } from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { findCaisse } from '../caisses/caisses.session.js';

/**
 * One register, one device (docs/regles-metier.md « Vente hors ligne »): the device that last
 * chose each register. Two devices on one register would number the same series offline, and
 * the sales of one would be refused at the sync: the point of sale shows which device holds a
 * register before another one takes it.
 */
export async function listAppareils(db: Kysely<DB>, serviceId: number): Promise<CaisseAppareil[]> {
  const rows = await db
    .selectFrom('caisse_appareils as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.caisse_id', 'a.appareil', 'a.depuis', 'u.prenom', 'u.nom'])
    .where('a.service_id', '=', serviceId)
    .orderBy('a.caisse_id')
    .execute();
  return rows.map((r) => ({
    caisseId: r.caisse_id,
    appareil: r.appareil,
    utilisateur: { prenom: r.prenom, nom: r.nom },
    depuis: r.depuis,
  }));
}

/** This device sells on this register from now on (the same device again keeps its « depuis »). */
export async function choisirCaisse(
  db: Kysely<DB>,
  userId: number,
  serviceId: number,
  caisseId: number,
  appareil: string,
): Promise<CaisseAppareil> {
  await findCaisse(db, serviceId, caisseId);
  const row = { appareil, user_id: userId, depuis: nowIso() };
  await db
    .insertInto('caisse_appareils')
    .values({ caisse_id: caisseId, service_id: serviceId, ...row })
    .onConflict((oc) =>
      oc.column('caisse_id').doUpdateSet(row).where('caisse_appareils.appareil', '<>', appareil),
    )
    .execute();
  return (await listAppareils(db, serviceId)).find((a) => a.caisseId === caisseId)!;
}
